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
    # 2: delivery runs (seed 003 state store, seed 004 transitions)
    """
    CREATE TABLE runs (
        id INTEGER PRIMARY KEY,
        project_id INTEGER REFERENCES projects(id) ON DELETE SET NULL,
        plan_id TEXT NOT NULL,
        plan_name TEXT NOT NULL DEFAULT '',
        plan_path TEXT NOT NULL DEFAULT '',
        design_path TEXT NOT NULL DEFAULT '',
        repo TEXT NOT NULL,
        start_branch TEXT NOT NULL DEFAULT '',
        plan_branch TEXT NOT NULL DEFAULT '',
        baseline_sha TEXT NOT NULL DEFAULT '',
        current_sha TEXT NOT NULL DEFAULT '',
        state TEXT NOT NULL DEFAULT 'running'
            CHECK (state IN ('running', 'waiting_for_human', 'released', 'failed')),
        paused INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1)),
        shared_context TEXT NOT NULL DEFAULT '',
        config TEXT NOT NULL DEFAULT '{}',
        manifest_path TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        finished_at TEXT
    );
    CREATE INDEX runs_plan_repo ON runs(plan_id, repo, id);
    CREATE TABLE tasks (
        id INTEGER PRIMARY KEY,
        run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        task_id TEXT NOT NULL,
        position INTEGER NOT NULL,
        title TEXT NOT NULL,
        tier TEXT NOT NULL CHECK (tier IN ('critical', 'normal', 'low')),
        tier_reason TEXT NOT NULL DEFAULT '',
        state TEXT NOT NULL DEFAULT 'received' CHECK (state IN (
            'received', 'analyzing_requirements', 'requirements_unclear',
            'waiting_for_requirements_clarification', 'requirements_clarified',
            'planning_approach', 'creating_tests', 'updating_tests', 'running_tests',
            'implementing', 'fixing_issues', 'refactoring', 'validating_solution',
            'addressing_feedback', 'creating_pr', 'completed', 'waiting_for_human_input',
            'human_input_received', 'failed', 'blocked', 'requires_human_intervention'
        )),
        attempts INTEGER NOT NULL DEFAULT 0,
        iteration INTEGER NOT NULL DEFAULT 0,
        retry_budget INTEGER NOT NULL DEFAULT 2,
        ownership TEXT NOT NULL DEFAULT '',
        depends TEXT NOT NULL DEFAULT '[]',
        contract TEXT,
        code_state TEXT NOT NULL DEFAULT 'MISSING' CHECK (code_state IN ('EXISTS', 'PARTIAL', 'MISSING')),
        commit_sha TEXT,
        tag TEXT,
        branch TEXT NOT NULL DEFAULT '',
        review_note TEXT,
        duration_ms REAL,
        started_at TEXT,
        finished_at TEXT,
        decision_log TEXT NOT NULL DEFAULT '[]',
        UNIQUE (run_id, task_id)
    );
    CREATE INDEX tasks_run_position ON tasks(run_id, position);
    CREATE TABLE transitions (
        id INTEGER PRIMARY KEY,
        run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        task_id TEXT NOT NULL,
        from_state TEXT NOT NULL,
        to_state TEXT NOT NULL,
        reason TEXT NOT NULL DEFAULT '',
        iteration INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        FOREIGN KEY (run_id, task_id) REFERENCES tasks(run_id, task_id) ON DELETE CASCADE
    );
    CREATE INDEX transitions_task ON transitions(run_id, task_id, id);
    CREATE TABLE attempts (
        id INTEGER PRIMARY KEY,
        run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        task_id TEXT NOT NULL,
        attempt INTEGER NOT NULL CHECK (attempt >= 1),
        agent_result TEXT,
        evidence TEXT NOT NULL DEFAULT '[]',
        gate_results TEXT NOT NULL DEFAULT '[]',
        failure_signature TEXT NOT NULL DEFAULT '',
        started_at TEXT NOT NULL,
        finished_at TEXT,
        outcome TEXT NOT NULL DEFAULT 'running',
        UNIQUE (run_id, task_id, attempt),
        FOREIGN KEY (run_id, task_id) REFERENCES tasks(run_id, task_id) ON DELETE CASCADE
    );
    CREATE TABLE escalations (
        id INTEGER PRIMARY KEY,
        run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        task_id TEXT,
        kind TEXT NOT NULL DEFAULT 'task',
        problem TEXT NOT NULL,
        impact TEXT NOT NULL DEFAULT '',
        options TEXT NOT NULL,
        recommended INTEGER NOT NULL DEFAULT 1 CHECK (recommended >= 1),
        blocking INTEGER NOT NULL DEFAULT 1 CHECK (blocking IN (0, 1)),
        answer INTEGER CHECK (answer IS NULL OR answer >= 1),
        note TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        answered_at TEXT,
        FOREIGN KEY (run_id, task_id) REFERENCES tasks(run_id, task_id) ON DELETE CASCADE
    );
    CREATE INDEX escalations_run ON escalations(run_id, answer, id);
    CREATE TABLE risks (
        id INTEGER PRIMARY KEY,
        run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        risk_id TEXT NOT NULL,
        description TEXT NOT NULL,
        severity TEXT NOT NULL DEFAULT 'normal' CHECK (severity IN ('critical', 'normal', 'low')),
        status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'mitigated', 'accepted')),
        source_task TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (run_id, risk_id)
    );
    CREATE TABLE commits (
        id INTEGER PRIMARY KEY,
        run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        task_id TEXT NOT NULL,
        sha TEXT NOT NULL,
        branch TEXT NOT NULL DEFAULT '',
        message TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        UNIQUE (run_id, task_id),
        FOREIGN KEY (run_id, task_id) REFERENCES tasks(run_id, task_id) ON DELETE CASCADE
    );
    CREATE TABLE tags (
        id INTEGER PRIMARY KEY,
        run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        task_id TEXT,
        name TEXT NOT NULL,
        sha TEXT NOT NULL,
        created_at TEXT NOT NULL,
        UNIQUE (run_id, name),
        FOREIGN KEY (run_id, task_id) REFERENCES tasks(run_id, task_id) ON DELETE CASCADE
    );
    CREATE TABLE progress_reports (
        id INTEGER PRIMARY KEY,
        run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        trigger TEXT NOT NULL,
        text TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    CREATE INDEX progress_reports_run ON progress_reports(run_id, id)
    """,
    # 3: run controls (pause, resume, retry, skip) sent by the dashboard or another process
    """
    CREATE TABLE controls (
        id INTEGER PRIMARY KEY,
        run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        task_id TEXT,
        kind TEXT NOT NULL CHECK (kind IN ('pause', 'resume', 'retry', 'skip')),
        reason TEXT NOT NULL DEFAULT '',
        outcome TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        applied_at TEXT
    );
    CREATE INDEX controls_pending ON controls(run_id, applied_at, id)
    """,
    # 4: where each attempt ran: "local", or the id and name of a cluster node
    """
    ALTER TABLE attempts ADD COLUMN node TEXT NOT NULL DEFAULT 'local';
    ALTER TABLE attempts ADD COLUMN node_name TEXT NOT NULL DEFAULT ''
    """,
    # 5: one `deliver` owns a repository's run at a time: the lease of its holder, kept alive by a heartbeat
    """
    CREATE TABLE run_leases (
        repo TEXT PRIMARY KEY,
        plan_id TEXT NOT NULL,
        run_id INTEGER,
        pid INTEGER NOT NULL,
        host TEXT NOT NULL,
        token TEXT NOT NULL,
        acquired_at TEXT NOT NULL,
        heartbeat_at TEXT NOT NULL
    )
    """,
    # 6: the run's retry budget (fix attempts per task before a human), chosen per run; runs stored before
    # it was a setting had the seed's 2
    """
    ALTER TABLE runs ADD COLUMN retry_budget INTEGER NOT NULL DEFAULT 2 CHECK (retry_budget >= 0)
    """,
]
