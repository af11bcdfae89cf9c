"""Comparable-product search: the shipped catalog, DuckDuckGo HTML parsing, and no network in tests."""

import http.server
import threading
import urllib.parse

import pytest

from pmtui.models import DiscoverySummary
from pmtui.product.search import (
    CatalogSearch,
    WebSearch,
    load_catalog,
    network_allowed,
    search_comparable_products,
)

HABITS = DiscoverySummary(
    target_user="busy professionals who want to build daily habits",
    core_problem="they forget their habits after a week and lose their streak",
    feature_wishlist=["daily habit check-in", "streak counter", "reminders"],
)


def test_catalog_is_large_real_and_well_formed():
    products = load_catalog()
    assert len(products) >= 120
    assert len({p["category"] for p in products}) >= 30
    names = [p["name"] for p in products]
    assert len(names) == len(set(names))
    for product in products:
        assert product["url"].startswith("https://"), product
        assert product["description"].endswith("."), product
        assert product["keywords"], product


def test_habit_tracker_idea_finds_habit_apps():
    results = search_comparable_products(HABITS, backend="catalog", limit=4)
    assert len(results) == 4
    assert all(p.category == "habit tracking" for p in results)
    assert {"Streaks", "Habitify", "Loop Habit Tracker", "Habitica", "Strides"} >= {p.name for p in results}
    for product in results:
        assert product.source == "catalog"
        assert "habit" in product.relevance.lower()


def test_nurse_shift_idea_finds_shift_planning_products():
    summary = DiscoverySummary(
        target_user="500 nurses at a regional hospital",
        core_problem="swapping shifts takes days of texting",
        feature_wishlist=["shift swap requests", "manager approval"],
    )
    names = {p.name for p in search_comparable_products(summary, backend="catalog")}
    assert "NurseGrid" in names
    assert names <= {"NurseGrid", "ShiftKey", "When I Work", "Deputy", "Sling", "7shifts", "Homebase"}


def test_different_ideas_find_different_products():
    invoices = DiscoverySummary(
        target_user="freelance designers",
        core_problem="chasing unpaid invoices every month",
        feature_wishlist=["send invoices", "payment reminders"],
    )
    habit_names = {p.name for p in search_comparable_products(HABITS, backend="catalog")}
    invoice_names = {p.name for p in search_comparable_products(invoices, backend="catalog")}
    assert invoice_names and not habit_names & invoice_names
    assert invoice_names & {"FreshBooks", "Invoice Ninja", "Zoho Invoice", "Bonsai", "Wave"}


def test_unknown_idea_returns_nothing_rather_than_junk():
    summary = DiscoverySummary(
        target_user="quantum chromodynamics researchers",
        core_problem="gluon lattice simulations diverge at low temperature",
    )
    assert search_comparable_products(summary, backend="catalog") == []


def test_alternatives_named_by_the_user_come_first():
    summary = HABITS.model_copy(update={"current_alternatives": "a paper notebook and Todoist"})
    results = search_comparable_products(summary, backend="catalog")
    assert results[0].name == "Todoist"
    assert "use today" in results[0].relevance


def test_no_nice_to_have_noise_from_the_wishlist():
    summary = HABITS.model_copy(update={"feature_wishlist": ["habit check-in", "analytics dashboard"]})
    assert all(p.category != "analytics" for p in search_comparable_products(summary, backend="catalog"))


def test_one_word_of_a_products_keyword_phrase_is_not_its_idea():
    """Seen in the TUI walk at stop 28: a tool-hire shop for "small builders and plasterers" got Squarespace and Wix
    as comparables, matched on "small" (of "small business") and "builders" (of "website builder"). A word of a
    phrase said alone is half an idea; the phrase said whole still matches."""
    hire = DiscoverySummary(
        target_user="joiners and small builders (about 80 regulars)",
        core_problem="i cant answer the phone while im out on deliveries",
        current_alternatives="a paper diary",
        feature_wishlist=["Reserve a ladder for given days", "See what is in stock"],
    )
    names = {p.name for p in search_comparable_products(hire, backend="catalog")}
    assert not names & {"Squarespace", "Wix"}, names
    site = DiscoverySummary(
        target_user="small business owners with no website",
        core_problem="they need a website builder they can use alone",
        feature_wishlist=["website templates", "an online store"],
    )
    assert {"Squarespace", "Wix"} & {p.name for p in search_comparable_products(site, backend="catalog")}


def test_network_is_never_allowed_in_tests(monkeypatch):
    assert network_allowed() is False
    monkeypatch.delenv("PYTEST_CURRENT_TEST", raising=False)
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setenv("PMTUI_NO_NETWORK", "1")
    assert network_allowed() is False
    monkeypatch.delenv("PMTUI_NO_NETWORK")
    monkeypatch.setenv("CI", "true")
    assert network_allowed() is False


class _Web:
    """A web backend that must not be called: the network is off in tests."""

    def __init__(self) -> None:
        self.calls = 0

    def search(self, query, limit):
        self.calls += 1
        return []


@pytest.mark.parametrize("backend", ["auto", "web"])
def test_web_backend_is_skipped_without_network(backend):
    web = _Web()
    results = search_comparable_products(HABITS, backend=backend, web=web)
    assert web.calls == 0
    assert results and all(p.source == "catalog" for p in results)


DDG_PAGE = """
<div class="result results_links"><h2 class="result__title">
<a rel="nofollow" class="result__a" href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fhabitify.me%2F&amp;rut=abc">Habitify &amp; friends</a>
</h2><a class="result__snippet" href="x">A <b>habit</b> tracker for daily routines.</a></div>
<div class="result"><a class="result__a" href="https://duckduckgo.com/y.js?ad_provider=bing">Sponsored</a></div>
<div class="result"><a class="result__a" href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fstreaksapp.com%2F">Streaks</a>
<a class="result__snippet" href="y">Streaks app.</a></div>
"""


@pytest.fixture
def fake_ddg():
    queries: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            queries.append(urllib.parse.parse_qs(urllib.parse.urlparse(self.path).query)["q"][0])
            body = DDG_PAGE.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/html/", queries
    server.shutdown()
    server.server_close()


def test_web_search_parses_titles_and_real_urls(fake_ddg):
    endpoint, queries = fake_ddg
    results = WebSearch(endpoint=endpoint).search("habit tracker app", 5)
    assert queries == ["habit tracker app"]
    assert [(p.name, p.url) for p in results] == [
        ("Habitify & friends", "https://habitify.me/"),
        ("Streaks", "https://streaksapp.com/"),
    ]
    assert results[0].description == "A habit tracker for daily routines."
    assert all(p.source == "web" for p in results)


def test_web_search_returns_nothing_on_errors():
    assert WebSearch(endpoint="http://127.0.0.1:9/html/", timeout=0.5).search("habits", 3) == []


def test_catalog_search_is_pluggable():
    catalog = CatalogSearch(
        products=(
            {
                "name": "Example Habit",
                "category": "habit tracking",
                "description": "Tracks habits.",
                "url": "https://example.com",
                "keywords": ["habit", "streak"],
            },
        )
    )
    assert [p.name for p in catalog.search("daily habit streak", 3)] == ["Example Habit"]


@pytest.mark.parametrize(
    "summary",
    [
        # Held-out founders whose ideas only share generic business words with catalog products.
        DiscoverySummary(
            target_user="Small tailoring shops, 1 to 5 tailors",
            core_problem="We are not finding the customer measurement at the trial and delivery dates get missed",
            feature_wishlist=["Save measurement for each customer", "Order with delivery date"],
        ),
        DiscoverySummary(
            target_user="Independent bike shops with one or two mechanics",
            core_problem="Walk-ins pile up on Saturdays and mechanics cannot plan the week",
            feature_wishlist=["Book a service slot online"],
        ),
        DiscoverySummary(
            target_user="private tutors",
            core_problem="parents keep asking what their money is buying and tutors lose clients at term end",
            feature_wishlist=["Session note in three boxes", "Parent view", "Homework tasks"],
        ),
    ],
)
def test_shops_orders_plans_and_parents_alone_make_no_comparable(summary):
    # "shops" + "delivery" is not DoorDash for a tailor, nor "plan" a meal planner for a bike workshop.
    assert search_comparable_products(summary, backend="catalog") == []


def test_one_domain_idea_reached_through_synonyms_is_not_enough():
    summary = DiscoverySummary(
        target_user="Nurses in German hospitals",
        core_problem="When I want to change a shift I must ask every colleague, then write in the book",
    )
    names = {p.name for p in search_comparable_products(summary, backend="catalog")}
    # Shift planning shares nurses and shifts; a doctor-booking app only "healthcare" (and "book").
    assert "NurseGrid" in names and not names & {"Zocdoc", "Doctolib", "BetterHelp"}
