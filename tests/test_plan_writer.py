"""Plans written from the agreed scope parse with the plan parser and order as the flow says."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pmtui.delivery.plan import execution_order, parse_plan
from pmtui.models import (
    ConversationState,
    CutFeature,
    DiscoverySummary,
    Feature,
    ScopingOutput,
)
from pmtui.product.plan_dependencies import TaskNeeds, dependencies
from pmtui.product.plan_writer import detect_stack, write_plan


def habit_state(constraints: str = "solo founder, 4 weeks, Python") -> ConversationState:
    return ConversationState(
        project="Habit tracker",
        slug="habit-tracker",
        discovery_summary=DiscoverySummary(
            target_user="remote developers who want small daily habits",
            core_problem="they forget their habits by mid-week",
            constraints=constraints,
        ),
        scoping_output=ScopingOutput(
            mvp_features=[
                Feature(name="Daily check-in", description="Mark a habit done for today in one tap",
                        phase=1, priority="P0", rice_reach=800, rice_impact=2, rice_confidence=0.8,
                        rice_effort=1),
                Feature(name="Create habit", description="Add a habit with a name and a schedule",
                        phase=1, priority="P0", rice_reach=900, rice_impact=1, rice_confidence=0.9,
                        rice_effort=0.5),
                Feature(name="Weekly report", description="A summary of the week's streaks",
                        phase=1, priority="P1", rice_effort=1),
                Feature(name="Reminders", description="A reminder at a chosen time", phase=2, rice_effort=2),
                Feature(name="Team challenges", description="Compete with colleagues", phase=3, rice_effort=3),
            ],
            cut_features=[
                CutFeature(name="Social feed", reason="not part of the core flow; 4 weeks of effort"),
                CutFeature(name="Admin panel", reason="no admins in the MVP"),
            ],
            core_user_flow=["Create a habit", "Do the daily check-in", "See the streak"],
        ),
    )


def tasks_by_title(markdown: str) -> dict[str, object]:
    return {task.title: task for task in parse_plan(markdown).tasks}


def test_habit_plan_parses_with_skeleton_first_and_flow_in_order() -> None:
    markdown = write_plan(habit_state())
    plan = parse_plan(markdown)
    assert plan.plan_id == "habit-tracker-mvp"
    assert plan.name == "Habit tracker MVP"
    assert [t.title for t in plan.tasks] == [
        "Project skeleton", "Create habit", "Daily check-in", "Weekly report", "Reminders", "Team challenges",
    ]
    skeleton, create, check_in, report, reminders, challenges = plan.tasks
    assert skeleton.depends == []
    assert create.depends == ["T1"]
    assert check_in.depends == ["T1", create.id]  # a check-in marks a habit the first task creates
    assert report.depends == ["T1", create.id, check_in.id]  # a report of streaks reads what the flow writes
    assert reminders.depends == ["T1", check_in.id]
    assert challenges.depends == ["T1"]  # competing with colleagues needs nothing the other tasks build
    assert [t.id for t in execution_order(plan)] == [t.id for t in plan.tasks]


def test_tasks_carry_ownership_files_tests_non_goals_budget_and_criteria() -> None:
    plan = parse_plan(write_plan(habit_state()))
    check_in = next(t for t in plan.tasks if t.title == "Daily check-in")
    assert check_in.ownership == "daily-check-in"
    assert check_in.files.create == ["src/daily_check_in.py"]
    assert check_in.tests == ["tests/test_daily_check_in.py"]
    assert any("Social feed" in goal for goal in check_in.non_goals)
    assert any("Admin panel" in goal for goal in check_in.non_goals)
    assert check_in.time_budget_s == 15 * 60
    assert check_in.tier in ("critical", "normal", "low")
    criteria = " ".join(check_in.acceptance_criteria)
    assert "Mark a habit done for today in one tap" in criteria
    # The flow step says nothing the criterion above does not: it is the task's context, not a second check.
    assert "step 2" not in criteria
    assert "Core-flow step 2 of 3; step 3 builds on it: See the streak." in check_in.description
    assert plan.environment.test == "pytest -q"
    assert plan.environment.lint == "ruff check ."
    assert plan.environment.typecheck == "mypy src"
    assert plan.environment.build is None
    for task in plan.tasks:
        assert task.acceptance_criteria
        assert all("TBD" not in criterion.upper().split() for criterion in task.acceptance_criteria)


def test_the_stack_in_the_constraints_sets_the_environment_and_paths() -> None:
    state = habit_state("two developers, TypeScript with Next.js, 6 weeks")
    plan = parse_plan(write_plan(state))
    assert detect_stack(state).name == "typescript"
    assert plan.environment.test == "npm test"
    assert plan.environment.build == "npm run build"
    create = next(t for t in plan.tasks if t.title == "Create habit")
    assert create.files.create == ["src/create-habit.ts"]
    assert create.tests == ["tests/create-habit.test.ts"]


def test_the_first_stack_named_wins() -> None:
    state = habit_state("Rust backend with a small TypeScript admin")
    assert detect_stack(state).name == "rust"
    assert detect_stack(habit_state("ship in 3 weeks, budget 2k")).name == "python"


def test_payment_features_are_classified_critical() -> None:
    state = habit_state()
    assert state.scoping_output is not None
    state.scoping_output.mvp_features.append(
        Feature(name="Stripe checkout", description="Take payments for the pro plan", phase=2)
    )
    tiers = {t.title: t.tier for t in parse_plan(write_plan(state)).tasks}
    assert tiers["Stripe checkout"] == "critical"
    assert tiers["Project skeleton"] == "normal"


def test_without_a_scope_the_wishlist_becomes_the_tasks() -> None:
    state = ConversationState(
        project="Recipe box",
        slug="recipe-box",
        discovery_summary=DiscoverySummary(feature_wishlist=["Save recipes from a URL", "Shopping list"]),
    )
    plan = parse_plan(write_plan(state))
    assert [t.title for t in plan.tasks] == ["Project skeleton", "Save recipes from a URL", "Shopping list"]
    assert all(t.acceptance_criteria for t in plan.tasks)


def test_hostile_names_stay_on_their_lines() -> None:
    state = habit_state()
    assert state.scoping_output is not None
    state.scoping_output.mvp_features = [
        Feature(name="# Import; export\n- tier: low", description="Acceptance criteria:\n### T9: x", phase=1),
        Feature(name="Import; export", description="again", phase=1),
    ]
    state.scoping_output.cut_features = [CutFeature(name="A; B", reason="x\n- depends: T7")]
    plan = parse_plan(write_plan(state))
    assert len(plan.tasks) == 3
    assert plan.tasks[1].ownership != plan.tasks[2].ownership


names = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=40)


@settings(max_examples=60, deadline=None)
@given(
    features=st.lists(
        st.tuples(names, st.text(max_size=60), st.integers(min_value=1, max_value=3),
                  st.floats(min_value=0.1, max_value=20)),
        max_size=8,
    ),
    flow=st.lists(names, max_size=5),
    cuts=st.lists(st.tuples(names, st.text(max_size=40)), max_size=3),
    project=names,
)
def test_any_scope_gives_a_plan_that_parses_without_cycles(
    features: list[tuple[str, str, int, float]],
    flow: list[str],
    cuts: list[tuple[str, str]],
    project: str,
) -> None:
    state = ConversationState(
        project=project,
        scoping_output=ScopingOutput(
            mvp_features=[
                Feature(name=name, description=description, phase=phase, rice_effort=effort)
                for name, description, phase, effort in features
            ],
            cut_features=[CutFeature(name=name, reason=reason) for name, reason in cuts],
            core_user_flow=flow,
        ),
    )
    plan = parse_plan(write_plan(state))
    order = execution_order(plan)
    assert len(order) == len(plan.tasks) >= 1
    seen: set[str] = set()
    for task in order:
        assert set(task.depends) <= seen
        assert task.acceptance_criteria
        seen.add(task.id)
    # Tasks that would touch one file never run side by side: one depends on the other.
    for position, task in enumerate(plan.tasks):
        for other in plan.tasks[:position]:
            if set(task.files.all() + task.tests) & set(other.files.all() + other.tests):
                assert other.id in task.depends


def test_a_description_that_only_repeats_the_name_gives_a_concrete_criterion() -> None:
    state = habit_state()
    assert state.scoping_output is not None
    state.scoping_output.mvp_features = [
        Feature(name="Post a shift", description="Post a shift", phase=1),
        Feature(name="Team calendar", description="", phase=1),
    ]
    post, calendar = parse_plan(write_plan(state)).tasks[1:]
    assert post.acceptance_criteria[0] == "A user can post a shift from the app and sees the result saved"
    # A thing named, no verb (bench/plan_quality.py): what the app does with that kind of thing, not "Team calendar works
    # from start to finish in the app and its result is saved".
    assert calendar.acceptance_criteria[0] == "The app shows the team calendar"
    assert post.non_goals == ["no Social feed", "no Admin panel"]


def test_criteria_are_checks_of_this_task_only() -> None:
    """Found by delivering a written plan with an agent that knows nothing of pmtui (2026-11-27): every feature task
    failed plan alignment once on criteria no change of its own can show — "After it, the user can go on to step 3:
    Get shift-aware reminders" (a later task builds step 3), the template's note "(template: most apps need one…)",
    "nothing is saved" for a calculation that saves nothing, a flow step that only repeats the feature's name."""
    state = habit_state()
    assert state.scoping_output is not None
    state.scoping_output.mvp_features = [
        Feature(name="Create habit", description="Add a habit with a name and a schedule", phase=1, priority="P0"),
        Feature(name="Daily check-in", description="", phase=1, priority="P0"),
        Feature(name="Streak maths", description="Count the days in a row a habit was done", phase=1),
        Feature(name="Sign-up and profile", phase=2, priority="P1",
                description="Nurses create an account so their data is theirs (template: most apps need one, you "
                            "did not ask for it)"),
    ]
    state.scoping_output.core_user_flow = ["Create a habit", "Do the daily check-in before the night shift",
                                           "See the streak"]
    plan = parse_plan(write_plan(state))
    create, check_in, streak, sign_up = (next(t for t in plan.tasks if t.title == title) for title in (
        "Create habit", "Daily check-in", "Streak maths", "Sign-up and profile"))
    every = [criterion for task in plan.tasks for criterion in task.acceptance_criteria]
    assert not [c for c in every if "go on to step" in c or "template" in c.lower()], every
    # Where the flow goes next is said in the description, for the agent to build towards.
    assert "Core-flow step 1 of 3; step 2 builds on it: Do the daily check-in before the night shift." in create.description
    # A flow step asking more than the name ("before the night shift") stays a criterion.
    assert "A user can complete core-flow step 2 with it: Do the daily check-in before the night shift" in (
        check_in.acceptance_criteria)
    # The note on where a row came from stays in the description for the reader.
    assert sign_up.acceptance_criteria[0] == "Sign-up and profile: Nurses create an account so their data is theirs"
    assert "(template: most apps need one, you did not ask for it)" in sign_up.description
    # "Nothing is saved" where the task saves something; not for a calculation.
    refusals = {task.title: next(c for c in task.acceptance_criteria if c.startswith("Invalid or empty input"))
                for task in (check_in, streak)}
    assert refusals["Daily check-in"].endswith(", and nothing is saved")
    assert refusals["Streak maths"] == "Invalid or empty input is refused with a message that says what to fix"


def test_a_reading_feature_asks_for_no_saved_result_and_a_description_ends_before_the_flow_note() -> None:
    """Found writing a tool-hire founder's plan (2026-11-27): "A user can see whats free from the app and sees the
    result saved", and "Get a text when its ready to collect Core-flow step 4 of 6" ran the description into the note."""
    state = habit_state()
    assert state.scoping_output is not None
    state.scoping_output.mvp_features = [
        Feature(name="Book a tool", description="", phase=1, priority="P0"),
        Feature(name="See whats free", description="", phase=1, priority="P0"),
        Feature(name="Get a text", description="Get a text when its ready to collect", phase=1, priority="P0"),
    ]
    state.scoping_output.core_user_flow = ["Book a tool", "Get a text when its ready to collect", "See whats free"]
    book, see, text = (next(t for t in parse_plan(write_plan(state)).tasks if t.title == title)
                       for title in ("Book a tool", "See whats free", "Get a text"))
    assert book.acceptance_criteria[0] == "A user can book a tool from the app and sees the result saved"
    assert see.acceptance_criteria[0] == "A user can see whats free from the app"
    assert see.acceptance_criteria[1] == "Invalid or empty input is refused with a message that says what to fix"
    assert text.description.startswith("Phase 1, P0. Get a text when its ready to collect. Core-flow step 2 of 3;")


def test_where_a_description_came_from_stays_out_of_its_criterion() -> None:
    state = habit_state()
    assert state.scoping_output is not None
    quote = "remote developers forget their habits by mid-week"
    state.scoping_output.mvp_features.append(
        Feature(name="Keep track of habits", phase=1, priority="P0", rice_effort=1,
                description=f"Nothing slips: everything in one list, with a nudge before it is missed — from your "
                            f"words: “{quote}”"))
    markdown = write_plan(state)
    task = tasks_by_title(markdown)["Keep track of habits"]
    # The template ("Nothing slips: everything in one list, with a nudge …") said as what it promises of the row.
    assert task.acceptance_criteria[:2] == ["A user can add habits to one list from the app and sees the result saved",
                                            "The app sends a reminder before anything on that list is missed"]
    assert not any("from your words" in criterion for criterion in task.acceptance_criteria)
    assert quote in task.description  # the reader still sees where it came from


def test_what_the_app_works_out_and_hands_over_asks_for_no_saved_result() -> None:
    state = habit_state()
    assert state.scoping_output is not None
    state.scoping_output.mvp_features.append(
        Feature(name="Get shift-aware reminders", description="", phase=1, priority="P0", rice_effort=1))
    task = tasks_by_title(write_plan(state))["Get shift-aware reminders"]
    assert task.acceptance_criteria[0] == "A user can get shift-aware reminders from the app"
    assert "Invalid or empty input is refused with a message that says what to fix" in task.acceptance_criteria


# The rows and the core flow as the offline PM agreed them with real founders (tests/fixtures/written_code.py's tool
# hire shop and nurses, the eval's makeup-nonnative, makeup-clear and curling-rambling): a task waits only for what
# it needs of another, so the rest can run side by side (`--parallel-tiers low,normal`).
def founder_state(target_user: str, flow: list[str], rows: list[tuple[str, str, int]]) -> ConversationState:
    return ConversationState(
        project="Founder", slug="founder",
        discovery_summary=DiscoverySummary(target_user=target_user),
        scoping_output=ScopingOutput(
            mvp_features=[Feature(name=name, description=description, phase=phase, priority="P0" if phase == 1 else "P1")
                          for name, description, phase in rows],
            core_user_flow=flow,
        ),
    )


def depends_by_title(state: ConversationState) -> dict[str, list[str]]:
    plan = parse_plan(write_plan(state))
    titles = {task.id: task.title for task in plan.tasks}
    return {task.title: [titles[dep] for dep in task.depends] for task in plan.tasks}


def tool_hire() -> ConversationState:
    return founder_state(
        "small builders and plasterers (maybe 150 regulars)",
        ["One of the builders opens the app", "Book a tool for given days",
         "Get a text — Get a text when its ready to collect", "See whats free",
         "Sees it worked: 60 of the regulars book online in the first 3 months"],
        [("Book a tool for given days", "Book a tool for given days", 1),
         ("Get a text", "Get a text when its ready to collect", 1),
         ("See whats free", "See whats free", 1),
         ("Success metric tracking", ("Instrument the success metric from day one: 60 of the regulars book online in "
                                     "the first 3 months (template: every MVP measures its goal)"), 2),
         ("Sign-up and profile", ("Builders create an account so their data is theirs (template: most apps need one; "
                                 "you did not ask for it)"), 2)])


def test_an_account_waits_for_no_step_of_the_flow() -> None:
    depends = depends_by_title(tool_hire())
    assert depends["Sign-up and profile"] == ["Project skeleton"]  # was: after "See whats free"


def test_what_reads_the_records_waits_for_the_step_that_writes_them_not_for_a_text() -> None:
    depends = depends_by_title(tool_hire())
    # "See whats free" shows what the bookings leave free; the text sent when a tool is ready writes nothing it reads.
    assert depends["See whats free"] == ["Project skeleton", "Book a tool for given days"]
    assert depends["Get a text"] == ["Project skeleton", "Book a tool for given days"]


def test_a_metric_waits_for_the_events_it_counts() -> None:
    # "60 of the regulars book online": the bookings, not the text or the list of what is free.
    assert depends_by_title(tool_hire())["Success metric tracking"] == ["Project skeleton", "Book a tool for given days"]
    nurses = founder_state(
        "Hospital nurses on rotating 12-hour shifts",
        ["One of the nurses opens the app", "Log a habit in one tap", "Get shift-aware reminders",
         "Sees it worked: 40% of nurses log a habit on 3 shifts a week after 2 months"],
        [("Log a habit in one tap", "Log a habit in one tap", 1),
         ("Get shift-aware reminders", "Get shift-aware reminders", 1),
         ("Success metric tracking", ("Instrument the success metric from day one: 40% of nurses log a habit on 3 "
                                     "shifts a week after 2 months (template: every MVP measures its goal)"), 2),
         ("Sign-up and profile", ("Nurses create an account so their data is theirs (template: most apps need one; "
                                 "you did not ask for it)"), 2)])
    depends = depends_by_title(nurses)
    assert depends["Success metric tracking"] == ["Project skeleton", "Log a habit in one tap"]  # was: the reminders
    assert depends["Get shift-aware reminders"] == ["Project skeleton", "Log a habit in one tap"]


def test_a_notification_waits_for_the_record_it_confirms() -> None:
    makeup = founder_state(
        "Coaching centres and language institutes in India, having 200-500 students in evening batches",
        ["One of the centres opens the app", "Book the make-up class himself",
         "Student can see available seats — Student can see available seats in same level batches",
         "Faculty gets the list",
         "Sees it worked: Office time for make-up classes should come down from 3 hours to 30 minutes per day"],
        [("Student can see available seats", "Student can see available seats in same level batches", 1),
         ("Book the make-up class himself", "Book the make-up class himself", 1),
         ("Faculty gets the list", "Faculty gets the list", 1),
         ("SMS confirmation should go", "SMS confirmation should go", 2),
         ("Attendance marking by faculty", "Attendance marking by faculty", 2)])
    depends = depends_by_title(makeup)
    # The SMS confirms a booking; it was made to wait for the faculty's list, the last task of phase 1.
    assert depends["SMS confirmation should go"] == ["Project skeleton", "Book the make-up class himself"]
    assert depends["Attendance marking by faculty"] == ["Project skeleton", "Faculty gets the list"]


def test_a_writing_task_waits_only_for_the_task_whose_things_it_uses() -> None:
    curling = founder_state(
        "Match secretaries and members of small Scottish curling clubs",
        ["One of the secretaries opens the app", ("Chart of the sheets by hour — Chart of the sheets by hour that "
         "everyone can see"), "Booking a sheet from your phone", "Reminder the day before a game",
         "Sees it worked: the 6 clubs at our rink book all their ice through it by the end of the season"],
        [("Chart of the sheets by hour", "Chart of the sheets by hour that everyone can see", 1),
         ("Booking a sheet from your phone", "Booking a sheet from your phone", 1),
         ("Reminder the day before a game", "Reminder the day before a game", 1),
         ("Ice money paid when you book", "Ice money paid when you book", 2)])
    depends = depends_by_title(curling)
    assert depends["Booking a sheet from your phone"] == ["Project skeleton", "Chart of the sheets by hour"]
    # Paying for the ice of a booking needs the booking, not the reminder before the game (the last phase-1 task).
    assert depends["Ice money paid when you book"] == ["Project skeleton", "Booking a sheet from your phone"]
    makeup = founder_state(
        "Admin staff at schools with 150-400 adult students",
        ["One of the schools opens the app", "Book", "Students see free seats — Students see free seats at their level",
         "Teachers see the updated class list"],
        [("Students see free seats", "Students see free seats at their level", 1),
         ("Teachers see the updated class list", "Teachers see the updated class list", 1),
         ("Book", "Book", 1),
         ("Admins set make-up rules like max", "Admins set make-up rules like max 2 per month", 2)])
    depends = depends_by_title(makeup)
    assert depends["Admins set make-up rules like max"] == ["Project skeleton"]  # was: after the teachers' list
    assert depends["Teachers see the updated class list"] == ["Project skeleton", "Book"]


def test_a_record_sent_by_text_is_written_and_a_sign_in_is_not_an_account() -> None:
    physio = founder_state(
        "NHS outpatient physio teams",
        ["One of the teams opens the app", "Patients log exercises", ("Team list flagging patients whose pain — Team "
         "list flagging patients whose pain is rising"), "Pain score by text message"],
        [("Team list flagging patients whose pain", "Team list flagging patients whose pain is rising", 1),
         ("Patients log exercises", "Patients log exercises", 1),
         ("Pain score by text message", "Pain score by text message", 1),
         ("Weekly summary for the lead physio", "Weekly summary for the lead physio", 2)])
    # The text message carries a pain score the patient writes: the weekly summary reads it and the exercises.
    assert depends_by_title(physio)["Weekly summary for the lead physio"] == [
        "Project skeleton", "Patients log exercises", "Pain score by text message"]
    scouts = founder_state(
        "Volunteer leaders and group secretaries of Scout and Guide groups",
        ["A new leader signs up (Attendance sign in and out)", "All of it — slips", "Subs", "Event sign-ups"],
        [("All of it — slips", "All of it — slips", 1), ("Subs", "Subs", 1),
         ("Event sign-ups", "Event sign-ups", 1),
         ("Attendance sign in and out", "Attendance sign in and out", 1)])
    depends = depends_by_title(scouts)
    # Signing up for an event is neither an account nor the attendance's signing in; it was made to wait for "Subs".
    assert depends["Event sign-ups"] == ["Project skeleton"]
    assert depends["Attendance sign in and out"] == ["Project skeleton"]


def test_tasks_that_touch_one_file_depend_one_on_the_other() -> None:
    files = frozenset({"src/rota.py"})
    found = dependencies([TaskNeeds("T2", "write", frozenset({"rota"}), files, 0),
                          TaskNeeds("T3", "write", frozenset({"holiday"}), files, 1),
                          TaskNeeds("T4", "write", frozenset({"holiday"}), frozenset({"src/leave.py"}), None)])
    assert found == {"T2": ["T1"], "T3": ["T1", "T2"], "T4": ["T1", "T3"]}


def test_a_description_that_says_a_doing_or_a_thing_shown_is_a_check_not_name_colon_name() -> None:
    """The school van plan read "Message when van is 5 minutes away: Get a message when van is 5 minutes away" and
    "List of who paid: List of who paid and who is late"."""
    state = habit_state()
    assert state.scoping_output is not None
    state.scoping_output.mvp_features = [
        Feature(name="Message when van is 5 minutes away", description="Get a message when van is 5 minutes away",
                phase=1),
        Feature(name="List of who paid", description="List of who paid and who is late", phase=1),
        Feature(name="Bilingual screens", description="Every screen in both languages", phase=1),
    ]
    message, paid, both = parse_plan(write_plan(state)).tasks[1:]
    assert message.acceptance_criteria[0] == "A user can get a message when van is 5 minutes away"
    assert paid.acceptance_criteria[0] == "The app shows a list of who paid and who is late"
    assert both.acceptance_criteria[0] == "Bilingual screens: Every screen in both languages"


def test_a_row_named_as_people_doing_something_is_checked_as_what_a_user_does() -> None:
    """Found writing held-out 21's criteria from the PM's own plans (stop 26): rows named as someone doing something
    became "Customers see today's location works from start to finish in the app and its result is saved" and
    "Office assigns a technician works from start to finish …"; a thing named ("Photo updates") is a record a user adds
    (bench/plan_quality.py: no more "works from start to finish")."""
    state = habit_state()
    assert state.scoping_output is not None
    state.scoping_output.mvp_features = [
        Feature(name="Customers see today's location", description="", phase=1, priority="P0"),
        Feature(name="Office assigns a technician", description="", phase=1, priority="P0"),
        Feature(name="Photo updates", description="", phase=1, priority="P0"),
    ]
    state.scoping_output.core_user_flow = []
    plan = parse_plan(write_plan(state))
    first = {t.title: t.acceptance_criteria[0] for t in plan.tasks}
    assert first["Customers see today's location"] == "A user can see today's location from the app"
    assert first["Office assigns a technician"] == "A user can assign a technician from the app and sees the result saved"
    assert first["Photo updates"] == "A user can add photo updates from the app and sees the result saved"


def test_an_apostrophe_inside_a_word_is_no_break_in_file_names() -> None:
    """Seen delivering the tool-hire plan with aider (stop 28): "See what's free" was src/see_what_s_free.py. A file
    and an ownership name keep the word whole; an apostrophe at a word's edge or a hyphen still breaks."""
    state = habit_state()
    state.scoping_output.mvp_features[0].name = "See what’s due"
    state.scoping_output.mvp_features[1].name = "Jo's rota for the 'big' day"
    plan = parse_plan(write_plan(state))
    due, rota = (next(t for t in plan.tasks if t.title.startswith(head)) for head in ("See what", "Jo's rota"))
    assert due.files.create == ["src/see_whats_due.py"] and due.ownership == "see-whats-due"
    assert rota.files.create == ["src/jos_rota_for_the_big_day.py"], rota.files.create
    assert rota.tests == ["tests/test_jos_rota_for_the_big_day.py"]
