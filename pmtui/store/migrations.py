"""Forward-only schema migrations. Each entry moves the schema from version N-1 to N."""

from __future__ import annotations

MIGRATIONS: list[str] = [
    # 1: the idea-to-spec conversation
    """
    CREATE TABLE projects (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        slug TEXT NOT NULL,
        phase TEXT NOT NULL DEFAULT 'discovery'
            CHECK (phase IN ('discovery', 'scoping', 'spec', 'done')),
        phases_visited TEXT NOT NULL DEFAULT '["discovery"]',
        flags TEXT NOT NULL DEFAULT '{}',
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
    );
    CREATE TABLE messages (
        id INTEGER PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        role TEXT NOT NULL CHECK (role IN ('user', 'assistant', 'system')),
        content TEXT NOT NULL,
        phase TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    CREATE INDEX messages_project ON messages(project_id, id);
    CREATE TABLE discovery_summaries (
        id INTEGER PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        summary TEXT NOT NULL,
        completeness TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    CREATE INDEX discovery_project ON discovery_summaries(project_id, id);
    CREATE TABLE scoping_outputs (
        id INTEGER PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        output TEXT NOT NULL,
        cause TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    CREATE INDEX scoping_project ON scoping_outputs(project_id, id);
    CREATE TABLE scoping_edits (
        id INTEGER PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        feature TEXT NOT NULL,
        field TEXT NOT NULL,
        old_value TEXT NOT NULL,
        new_value TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    CREATE TABLE negotiation_rounds (
        id INTEGER PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        record TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    CREATE TABLE documents (
        id INTEGER PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('spec', 'plan')),
        content TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    CREATE INDEX documents_project ON documents(project_id, kind, id);
    CREATE TABLE llm_calls (
        id INTEGER PRIMARY KEY,
        project_id INTEGER REFERENCES projects(id) ON DELETE SET NULL,
        task_type TEXT NOT NULL,
        model TEXT NOT NULL,
        prompt_tokens INTEGER NOT NULL DEFAULT 0,
        completion_tokens INTEGER NOT NULL DEFAULT 0,
        cost_usd REAL NOT NULL DEFAULT 0,
        latency_ms REAL NOT NULL DEFAULT 0,
        error TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL
    );
    CREATE INDEX llm_calls_project ON llm_calls(project_id);
    CREATE TABLE events (
        id INTEGER PRIMARY KEY,
        project_id INTEGER,
        kind TEXT NOT NULL,
        payload TEXT NOT NULL DEFAULT '{}',
        created_at TEXT NOT NULL
    );
    """,
]
