"""Comparable products for the scoping proposal, through a pluggable search backend.

The catalog shipped with pmtui (real, well-known products) is always searched; a web search on
DuckDuckGo's HTML endpoint is added when asked for and the network is allowed. Nothing here ever
makes up a product or a URL: results are catalog entries or links a search engine returned. When
neither knows the domain, what the founder said their users do today ("WhatsApp groups", "a paper
register", "Excel") is the competition, listed as today's workaround, never as a product.
"""

from __future__ import annotations

import html
import json
import os
import re
import socket
import urllib.parse
import urllib.request
from functools import lru_cache
from importlib import resources
from typing import Any, Literal, Protocol

from pmtui.models import ComparableProduct, DiscoverySummary

DDG_ENDPOINT = "https://html.duckduckgo.com/html/"
WEB_TIMEOUT_S = 3.0
MIN_CATALOG_SCORE = 4.0
Backend = Literal["auto", "catalog", "web"]

_STOPWORD_TEXT = """a an and are as at be been but by can could do does for from get gets got has have how i
if in into is it its just like lot lots make me more most my need needs no not of on one or our out over own
people person so some than that the their them then there these they thing things this those to too up us use
used user users using very want wants was way we were what when where which while who why will with without
would you your app apps tool tools better easy easier simple hard really time every each all any also keep
know let many much new only other same see still such try day days week weeks month months year years go
going able don't can't doesn't isn't
you'll youll they'll theyll we'll i'll he'll she'll it'll you're youre they're theyre we're you'd they'd we'd i'd
kinda sorta"""
_STOPWORDS = frozenset(_STOPWORD_TEXT.split())
# Light synonym groups: a word in the idea also matches the group's other words in the catalog.
_SYNONYMS: tuple[frozenset[str], ...] = tuple(
    frozenset(group.split())
    for group in (
        "habit habits routine streak",
        "todo task tasks checklist",
        "shift shifts rota roster swap",
        "schedule scheduling calendar booking appointment appointments",
        "nurse nurses hospital clinic healthcare medical patient patients doctor",
        "workout fitness exercise gym training",
        "meal meals recipe recipes cooking food",
        "budget budgeting expense expenses spending money finance",
        "invoice invoices invoicing billing",
        "pet pets dog dogs cat cats vet",
        "baby babies parent parents parenting kid kids child children family",
        "learn learning lesson lessons course courses study studying education student students",
        "meditate meditation mindfulness calm stress anxiety",
        "language languages vocabulary",
        "sell seller sellers store shop ecommerce",
        "hire hiring recruit recruiting candidate candidates",
        "employee employees staff team workforce",
        "ticket tickets ticketing event events",
        "survey surveys form forms questionnaire",
        "newsletter newsletters email",
        "chat message messages messaging",
        "note notes notebook journal",
        "dating date match",
        "music song songs playlist",
        "travel trip trips itinerary",
        "delivery deliver courier",
        "rent rental landlord tenant tenants property",
        "customer customers client clients",
        "support helpdesk",
        "analytics metrics dashboard",
        "sleep sleeping",
        "plant plants garden watering",
        "grocery groceries shopping",
        "freelance freelancer freelancers",
        "restaurant restaurants dining",
        "volunteer volunteers",
    )
)
_SYNONYM_INDEX: dict[str, frozenset[str]] = {word: group for group in _SYNONYMS for word in group}
# Words every business idea has: a match on them says nothing about the domain ("shops" and "order" do not
# make a tailor's order book a food-delivery app, nor "plan" a bike workshop a meal planner).
_GENERIC_MATCH_TEXT = """shop shops store stores order orders online plan planning planner phone phones money
customer customers client clients team teams staff task tasks list lists note notes app web mobile service
services business businesses owner owners home work job jobs data report reports record records message
messages track tracking manage management free paper book books photo photos parent parents family families
delivery deliver price prices pay payment payments date dates"""
# A product is comparable when it shares at least this many ideas of the domain with the founder's idea.
MIN_DOMAIN_CONCEPTS = 2


# What people make do with when no product fits: tools, paper and talk, as founders name them.
_WORKAROUND_THING = re.compile(
    r"\b(?:excel|spreadsheets?|(?:google )?sheets?|google (?:forms?|drive|docs?)|whatsapp|viber|telegram|signal|"
    r"facebook|messenger|instagram|sms|texts?|texting|text messages?|emails?|e-mails?|gmail|outlook|phone|phones|"
    r"(?<!\bon )(?<!\bon-)calls?|calling|ringing|letters?|post|notebooks?|exercise books?|books?|registers?|diar(?:y|ies)|paper|pen|"
    r"clipboards?|whiteboards?|boards?|slips?|cards?|tags?|receipts?|vouchers?|dockets?|folders?|forms?|lists?|"
    r"ledgers?|logbooks?|inbox|groups?|chats?|polls?|doodle|camera roll|photos?|screenshots?|word of mouth|"
    r"memory|by hand|manually|queue|queues|queuing|queueing|walk-ins?|ask(?:s|ing)? (?:around|friends|"
    r"colleagues?|neighbou?rs|family))\b",
    re.IGNORECASE,
)
# The speaker and the verb before the thing ("some are using", "we are maintaining") are not its name.
_WORKAROUND_LEAD = re.compile(
    r"^(?:(?:and|or|plus|then|also|just|only|mostly|usually|sometimes|often|occasionally|basically|like|well|"
    r"ja|ya|yah|yeah|yes|yep|ok|okay|um|uh|hmm|eish|lol|haha|some|most|many|a few|the rest|others|they|we|i|"
    r"people|owners?|staff|everyone|frankly|honestly|today|currently|right now|it'?s|its|that'?s|there'?s|"
    r"are|is|still|all)\s+|(?:use|uses|using|used|rely on|relies on|keep|keeps|keeping|maintain\w*|write|"
    r"writes|writing|track|tracks|send|sends|sending|have|has|having|do|does|doing|through|via|on|in|with|by)\s+|"
    r"(?:a|an|the|one|some|their|our|my|his|her)\s+)+",
    re.IGNORECASE,
)
_KEPT_BY = re.compile(r"\s+(?:that\s+)?(?:his|her|their|my|our|your|he|she|they|we|i|someone|somebody|"
                      r"the\s+\w+(?=\s+(?:keeps?|uses?|runs?|maintains?|updates?|fills?)\b))\b", re.IGNORECASE)
# A tool said by its own name: "M-Pesa", "Trello", "Google Calendar", "GCash" (no day or month is a tool).
_TOOL_NAMED = re.compile(r"(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|"
                         r"June|July|August|September|October|November|December)\b)[A-Z][\w'&.+-]*(?:\s+[A-Z][\w'&.+-]*){0,2}")
WORKAROUND_LIMIT = 3
_ON_A_THING = re.compile(r"\b(?:on|in|into|onto|with|using|via|through)\s+(?:an?\s+|the\s+|their\s+|our\s+|my\s+)?"
                         r"(?P<thing>[^,;]+)$", re.IGNORECASE)


def todays_workarounds(alternatives: str, limit: int = WORKAROUND_LIMIT) -> list[ComparableProduct]:
    """What the founder said their users do today, as the comparables a PM names when no product fits.

    Each is labelled as today's workaround (no URL, nothing made up): "Register book and some are using
    WhatsApp photos of the measurement slip" gives "Register book" and "WhatsApp photos of the
    measurement slip"."""
    found: list[ComparableProduct] = []
    parts = re.split(r"([,;:()]\s*|\.\s+|\s+(?:and|or|plus|then|but|while|whereas|\+|&)\s+)", alternatives)
    pieces = [piece for index, piece in enumerate(parts[::2])
              # "Sometimes M-Pesa but then its on her phone only": what follows "but" is what is wrong with it.
              if not (index and re.fullmatch(r"\s+but\s+", parts[2 * index - 1], re.IGNORECASE))]
    for piece in pieces:
        # "whos on call", "we are on call 24/7": being on call is no phone call.
        piece = re.sub(r"\bon\s+call\b", "on-call", piece, flags=re.IGNORECASE)
        name = _WORKAROUND_LEAD.sub("", piece.strip(" .!?\"'")).strip(" .!?\"'")
        # "they write it in small notebook": what is written, and where, is not the thing's name.
        name = _WORKAROUND_LEAD.sub("", re.sub(r"^(?:it|them|this|that|everything|things|stuff)\s+(?:down\s+|all\s+)?"
                                               r"(?:in|on|into|onto)\s+", "", name, flags=re.IGNORECASE))
        name = re.sub(r"^\w+\s+(?:are\s+|is\s+)?(?:using|use|uses|keep|keeps|maintain\w*)\s+(?:an?\s+|the\s+)?", "",
                      name, flags=re.IGNORECASE)
        name = re.sub(r"\s+(?:which|where|who|because|so|when|if)\b.*$|\s+(?:i think|i guess|frankly|mostly)$",
                      "", name, flags=re.IGNORECASE)
        # "an excel sheet his wife keeps": the thing, then who keeps it (a relative clause with no "that").
        for thing in _WORKAROUND_THING.finditer(name):
            kept_by = _KEPT_BY.match(name[thing.end():])
            # "…his wife keeps" is who keeps it; "call my phone" names the thing itself.
            if kept_by and not _WORKAROUND_THING.match(name[thing.end() + kept_by.end():].strip()):
                name = name[: thing.end()]
                break
        named = _TOOL_NAMED.match(name)
        if named and named.end() < len(name) and _KEPT_BY.match(name[named.end():]):
            name = named.group(0)  # "a Google Calendar the owner keeps": the tool, then who keeps it
        tail = _ON_A_THING.search(name)
        if tail and not _WORKAROUND_THING.match(name) and _WORKAROUND_THING.search(name, tail.start("thing")):
            # "lifejackets got serviced on a whiteboard": where it is kept is the thing, not what is kept there.
            name = tail.group("thing")
        words = name.split()
        if not words or not (_WORKAROUND_THING.search(name) or _TOOL_NAMED.fullmatch(name)) or len(words) > 8:
            continue
        name = name[:1].upper() + name[1:]
        if any(name.lower() == p.name.lower() for p in found):
            continue
        found.append(
            ComparableProduct(
                name=name,
                category="today's workaround",
                description=f"What they do today, in your words: “{piece.strip(' .')}”.",
                relevance="Today's workaround, not a product: nothing in the catalog fits this domain, "
                "so this is what the MVP has to beat.",
                source="workaround",
            )
        )
        if len(found) >= limit:
            break
    said = alternatives.strip(" .!?\"'")
    nothing = re.match(r"^(?:nothing|none|no|nope|n/?a|not sure|idk|dunno|don'?t know)\b", said, re.IGNORECASE)
    if not found and said and not nothing and len(said.split()) <= 12:
        # Too thin to name a tool ("they write it", "they wait"): the habit itself, in their words, is what
        # the MVP has to beat.
        found.append(
            ComparableProduct(
                name=said[:1].upper() + said[1:],
                category="today's workaround",
                description=f"What they do today, in your words: “{said}”.",
                relevance="Today's workaround, not a product: nothing in the catalog fits this domain and no tool "
                "was named, so the habit itself is what the MVP has to beat.",
                source="workaround",
            )
        )
    return found


class SearchBackend(Protocol):
    """Anything that can find comparable products for a free-text query."""

    def search(self, query: str, limit: int) -> list[ComparableProduct]: ...


# Irregular past forms founders use in feature names ("say how it grew" is the grow report).
_IRREGULAR = {
    "grew": "grow", "grown": "grow", "sold": "sell", "bought": "buy", "paid": "pay", "took": "take", "taken": "take",
    "gave": "give", "given": "give", "wrote": "write", "written": "write", "sent": "send", "built": "build",
    "kept": "keep", "found": "find", "told": "tell", "made": "make", "came": "come", "went": "go", "gone": "go",
    "saw": "see", "seen": "see", "left": "leave", "brought": "bring", "shown": "show", "chose": "choose",
    "chosen": "choose", "drove": "drive", "driven": "drive", "ate": "eat", "eaten": "eat", "spent": "spend",
    "lent": "lend", "borrowed": "borrow", "ran": "run", "won": "win", "lost": "lose", "broke": "break", "broken": "break",
}


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A light stemmer: enough to match 'habits'/'habit', 'swapping'/'swap', 'invoices'/'invoice', 'grew'/'grow'.

    Memoized: a catalog search stems every product's words again for each query (half the offline PM's time)."""
    word = word.lower().strip("'")
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    for suffix, keep in (("ies", "y"), ("ing", ""), ("es", ""), ("ed", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            base = word[: -len(suffix)] + keep
            # "swapping" is "swap"; "pulling", "billing", "missing", "buzzing" keep their double l, s or z ("pull").
            if suffix == "ing" and len(base) > 3 and base[-1] == base[-2] and base[-1] not in "lsfz":
                base = base[:-1]
            if suffix == "es" and not re.search(r"(sh|ch|x|z|ss)$", base):
                base = word[:-1]
            return base
    return word


_GENERIC_MATCH = frozenset(stem(w) for w in _GENERIC_MATCH_TEXT.split())


def _concepts(words: list[str], product_stems: frozenset[str]) -> set[frozenset[str]]:
    """The distinct domain ideas a product shares with the idea: a word the product itself uses counts on its
    own, words matched only through a synonym count once per synonym group, generic business words not at all.

    So "habit" and "streak" are two things a habit tracker does, while "nurses" and "hospitals" reach a doctor
    booking app only through "healthcare", one idea."""
    found: set[frozenset[str]] = set()
    for word in words:
        if " " in word or stem(word) in _GENERIC_MATCH or word in _GENERIC_MATCH:
            continue
        if stem(word) in product_stems or word in product_stems:
            found.add(frozenset({stem(word)}))
        else:
            found.add(_SYNONYM_INDEX.get(word) or _SYNONYM_INDEX.get(stem(word)) or frozenset({stem(word)}))
    return found


def terms(text: str) -> list[str]:
    """Content words of a text, lower-cased, without stopwords, in order and without repeats."""
    return list(_terms(text))


_TXT_CONTRACTED = {"whats": "what", "thats": "that", "theres": "there", "hows": "how", "wheres": "where", "whos": "who"}


@lru_cache(maxsize=8192)  # asked of the same texts many times a turn
def _terms(text: str) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for word in re.findall(r"[a-z][a-z0-9'+-]*", text.lower()):
        # "the manager's view" is about the manager: a possessive is the word itself.
        word = re.sub(r"'s$", "", word.strip("'-")).strip("'-")
        # "see whats free" is "See what's free": txt-speak's "whats" is the same small word.
        word = _TXT_CONTRACTED.get(word, word)
        if (len(word) >= 3 or word in _SHORT_TERMS) and word not in _STOPWORDS:
            seen.setdefault(word, None)
    return tuple(seen)


# Two-letter words that name a thing: "remove the AI", "a QR code", "the HR export".
_SHORT_TERMS = frozenset({"ai", "ui", "ux", "qr", "hr", "ar", "vr", "ml", "cv", "3d"})


@lru_cache(maxsize=16384)
def _expand(word: str) -> frozenset[str]:
    forms = {word, stem(word)}
    for form in list(forms):
        forms |= _SYNONYM_INDEX.get(form, frozenset())
    return frozenset({stem(w) for w in forms} | forms)


@lru_cache(maxsize=4096)
def _product_words(name: str, category: str, description: str, keywords: tuple[str, ...]) -> tuple[frozenset[str], ...]:
    """A product's keyword stems, keyword phrases, category, description and name stems (the same for every
    query, so worked out once per product)."""
    return (
        frozenset(stem(w) for k in keywords for w in k.lower().split()),
        frozenset(k.lower() for k in keywords),
        frozenset(stem(w) for w in terms(category)),
        frozenset(stem(w) for w in terms(description)),
        frozenset(stem(w) for w in terms(name)),
    )


@lru_cache(maxsize=4096)
def _single_keywords(keywords: tuple[str, ...]) -> frozenset[str]:
    """The stems of a product's one-word keywords."""
    return frozenset(stem(k.lower()) for k in keywords if " " not in k.strip())


@lru_cache(maxsize=4096)
def _name_pattern(name: str) -> re.Pattern[str]:
    """A product's name as a whole word, any case. Compiled once per name: the catalog's ~240 names, built
    again on every call, overflowed re's own cache of 512 and made every pattern of the turn compile again."""
    return re.compile(r"(?<![\w.])" + re.escape(name) + r"(?![\w])", re.IGNORECASE)


@lru_cache(maxsize=1)
def load_catalog() -> tuple[dict[str, Any], ...]:
    """The shipped catalog of real products (pmtui/data/catalog.json)."""
    text = resources.files("pmtui").joinpath("data/catalog.json").read_text(encoding="utf-8")
    return tuple(json.loads(text)["products"])


class CatalogSearch:
    """Scores catalog entries by keyword overlap with the idea (synonyms and light stemming)."""

    def __init__(self, products: tuple[dict[str, Any], ...] | None = None) -> None:
        self.products = products if products is not None else load_catalog()

    def search(self, query: str, limit: int, anchor: str = "", people: str = "") -> list[ComparableProduct]:
        """Best matches for the query; with an anchor text, only products matching one of its words. Words said only
        about the people (`people`: "the scouts", "the yoga lady") never match a product by its name (Help Scout)."""
        anchor_stems = {stem(w) for w in terms(anchor)}
        people_stems = {stem(w) for w in terms(people)} - {stem(w) for w in terms(query.replace(people, " "))}
        by_stem: dict[str, str] = {}
        for word in terms(query):
            by_stem.setdefault(stem(word), word)
        query_terms = list(by_stem.values())
        scored: list[tuple[float, int, dict[str, Any], list[str]]] = []
        for index, product in enumerate(self.products):
            keyword_stems, keyword_phrases, category_stems, description_stems, name_stems = _product_words(
                product["name"], product["category"], product["description"], tuple(product["keywords"]))
            score = 0.0
            matched: list[str] = []
            for word in query_terms:
                forms = _expand(word)
                weight = 0.0
                if forms & category_stems:
                    weight = 3.0
                elif forms & keyword_stems or word in keyword_phrases:
                    weight = 2.0 if stem(word) in keyword_stems else 1.5
                    if (stem(word) in people_stems and not forms & _single_keywords(tuple(product["keywords"]))
                            and not forms & description_stems):
                        # A word said only of the people that is one word of a keyword phrase ("small builders" against
                        # "website builder" and "small business"): who the users are is not half a product's idea.
                        weight = 1.0
                elif forms & description_stems:
                    weight = 1.0
                if forms & name_stems and stem(word) in people_stems:
                    continue
                if forms & name_stems:
                    weight += 2.0
                if weight:
                    score += weight
                    matched.append(word)
            for phrase in keyword_phrases:
                if " " in phrase and phrase in query.lower():
                    score += 2.0
                    matched.append(phrase)
            anchored = not anchor_stems or any(_expand(word) & anchor_stems for word in matched)
            phrase_hit = any(" " in word for word in matched)
            own = keyword_stems | category_stems | description_stems | name_stems
            domain = phrase_hit or len(_concepts(matched, own)) >= MIN_DOMAIN_CONCEPTS
            if score >= MIN_CATALOG_SCORE and len(matched) >= 2 and anchored and domain:
                scored.append((score, index, product, matched))
        scored.sort(key=lambda item: (-item[0], item[1]))
        results = []
        for _score, _index, product, matched in scored[:limit]:
            results.append(
                ComparableProduct(
                    name=product["name"],
                    category=product["category"],
                    description=product["description"],
                    url=product["url"],
                    relevance=f"{product['category'].capitalize()}; matches your idea on "
                    + ", ".join(dict.fromkeys(matched[:5]))
                    + ".",
                    source="catalog",
                )
            )
        return results

    def named_in(self, text: str) -> list[ComparableProduct]:
        """Catalog products the text names outright (e.g. alternatives the user uses today)."""
        found = []
        for product in self.products:
            name = product["name"]
            if len(name) >= 4 and _name_pattern(name).search(text):
                found.append(
                    ComparableProduct(
                        name=name,
                        category=product["category"],
                        description=product["description"],
                        url=product["url"],
                        relevance="You named it as what people use today.",
                        source="catalog",
                    )
                )
        return found


class WebSearch:
    """DuckDuckGo's HTML results page, parsed for titles, links and snippets; [] on any error."""

    def __init__(self, endpoint: str = DDG_ENDPOINT, timeout: float = WEB_TIMEOUT_S) -> None:
        self.endpoint = endpoint
        self.timeout = timeout

    def search(self, query: str, limit: int) -> list[ComparableProduct]:
        url = self.endpoint + "?" + urllib.parse.urlencode({"q": query})
        request = urllib.request.Request(url, headers={"User-Agent": "Mozilla/5.0 (pmtui comparable search)"})
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                page = response.read(2_000_000).decode("utf-8", errors="replace")
        except (OSError, ValueError):
            return []
        return parse_ddg_html(page, query, limit)


_RESULT_LINK = re.compile(
    r'<a[^>]*class="[^"]*result__a[^"]*"[^>]*href="([^"]+)"[^>]*>(.*?)</a>', re.DOTALL | re.IGNORECASE
)
_RESULT_LINK_HREF_FIRST = re.compile(
    r'<a[^>]*href="([^"]+)"[^>]*class="[^"]*result__a[^"]*"[^>]*>(.*?)</a>', re.DOTALL | re.IGNORECASE
)
_SNIPPET = re.compile(r'class="[^"]*result__snippet[^"]*"[^>]*>(.*?)</a>', re.DOTALL | re.IGNORECASE)


def _clean(fragment: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", fragment))).strip()


def _real_url(href: str) -> str:
    href = html.unescape(href)
    if href.startswith("//"):
        href = "https:" + href
    parsed = urllib.parse.urlparse(href)
    if parsed.netloc.endswith("duckduckgo.com") and parsed.path.startswith("/l/"):
        target = urllib.parse.parse_qs(parsed.query).get("uddg", [""])[0]
        return target
    return href


def parse_ddg_html(page: str, query: str, limit: int) -> list[ComparableProduct]:
    """Result titles and target URLs from a DuckDuckGo HTML page (ads and duplicates skipped)."""
    links = _RESULT_LINK.findall(page) or _RESULT_LINK_HREF_FIRST.findall(page)
    snippets = [_clean(s) for s in _SNIPPET.findall(page)]
    results: list[ComparableProduct] = []
    seen_hosts: set[str] = set()
    for index, (href, title_html) in enumerate(links):
        url = _real_url(href)
        host = urllib.parse.urlparse(url).netloc.lower().removeprefix("www.")
        if not url.startswith(("http://", "https://")) or not host or "duckduckgo.com" in host:
            continue
        if "ad_provider" in href or "y.js" in href or host in seen_hosts:
            continue
        title = _clean(title_html)
        if not title:
            continue
        seen_hosts.add(host)
        results.append(
            ComparableProduct(
                name=title[:80],
                category="web result",
                description=snippets[index][:240] if index < len(snippets) else "",
                url=url,
                relevance=f"Web search result for “{query}”.",
                source="web",
            )
        )
        if len(results) >= limit:
            break
    return results


def network_allowed() -> bool:
    """False under PMTUI_NO_NETWORK=1, in CI and inside pytest: tests never reach the internet."""
    if os.environ.get("PMTUI_NO_NETWORK", "").strip() not in ("", "0", "false", "no"):
        return False
    return not os.environ.get("CI") and "PYTEST_CURRENT_TEST" not in os.environ


def network_available(host: str = "html.duckduckgo.com", timeout: float = 1.5) -> bool:
    """A quick TCP probe, only when network use is allowed at all."""
    if not network_allowed():
        return False
    try:
        with socket.create_connection((host, 443), timeout=timeout):
            return True
    except OSError:
        return False


def idea_query(summary: DiscoverySummary) -> str:
    """The words of the idea that describe the product: who it is for, the problem, the wishlist."""
    return " ".join(
        part
        for part in (summary.target_user, summary.core_problem, "; ".join(summary.feature_wishlist))
        if part
    )


def _web_query(summary: DiscoverySummary) -> str:
    words = terms(f"{summary.core_problem} {summary.target_user}")[:6]
    return " ".join(words) + " app"


def search_comparable_products(
    summary: DiscoverySummary,
    backend: Backend | str = "auto",
    limit: int = 4,
    web: SearchBackend | None = None,
    catalog: CatalogSearch | None = None,
) -> list[ComparableProduct]:
    """Catalog matches for the idea (plus named alternatives), topped up by web results when allowed;
    with none of those, the founder's own today's workarounds."""
    catalog = catalog or CatalogSearch()
    results: list[ComparableProduct] = []
    named = catalog.named_in(summary.current_alternatives)
    for product in named[: max(1, limit // 2)] + catalog.search(
        idea_query(summary), limit, anchor=f"{summary.target_user} {summary.core_problem}", people=summary.target_user
    ):
        if all(product.name != existing.name for existing in results):
            results.append(product)
    results = results[:limit]
    use_web = backend == "web" and network_allowed() or backend == "auto" and network_available()
    if use_web and len(results) < limit:
        hosts = {urllib.parse.urlparse(p.url).netloc.removeprefix("www.") for p in results}
        for product in (web or WebSearch()).search(_web_query(summary), limit):
            host = urllib.parse.urlparse(product.url).netloc.removeprefix("www.")
            if host not in hosts:
                hosts.add(host)
                results.append(product)
            if len(results) >= limit:
                break
    if len(results) <= len(named):
        # Nothing that does the job was found, only tools the founder named: what users do today is the
        # competition, each piece of it as they said it ("Register book", "WhatsApp photos of the slip").
        for workaround in todays_workarounds(summary.current_alternatives):
            if len(results) < limit and not any(
                workaround.name.lower() == p.name.lower() or workaround.name.lower() in p.name.lower()
                for p in results
            ):
                results.append(workaround)
    return results
