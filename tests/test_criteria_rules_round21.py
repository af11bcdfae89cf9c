"""Round 21's classes of wrong changes the matcher let through, each on (criterion, change) pairs of its own, unlike
held-out 25's: a swimming lesson, a week's dinner menu, a ferry leaving, a shipping address, a wine
cellar, a recipe's author. Each wrong change is mapped by the matcher before the round; its correct twin still is.
"""

from __future__ import annotations

from pathlib import Path

from pmtui.delivery.gates.alignment import map_criteria
from tests.criteria_corpus.corpus import Case, change_for


def _located(tmp_path: Path, criterion: str, files: dict[str, str], before: dict[str, str] | None = None) -> str | None:
    case = Case(id="t", criterion=criterion, expect="pass", style="", lang="python", after=files, before=before or {})
    return map_criteria([criterion], change_for(case, tmp_path))[0].location


NEXT_LESSON = '''from datetime import datetime

from flask import Flask, jsonify

from lessons import lessons_of

app = Flask(__name__)


@app.get("/swimmers/<int:swimmer_id>/next-lesson")
def next_lesson(swimmer_id):
    now = datetime.now().isoformat()
    later = sorted(l["starts"] for l in lessons_of(swimmer_id) if l["starts"] >= now)
    return jsonify(next_lesson=later[0] if later else None)
'''


def test_the_next_one_is_not_the_last_one(tmp_path: Path) -> None:
    criterion = "A swimmer can see their next lesson from the app"
    assert _located(tmp_path / "a", criterion, {"app.py": NEXT_LESSON}) is not None
    last = NEXT_LESSON.replace('l["starts"] >= now', 'l["starts"] < now').replace("later[0]", "later[-1]")
    assert _located(tmp_path / "b", criterion, {"app.py": last}) is None


MENU = '''type Dish = { name: string; served: string };

export function WeeklyDinnerMenu({ dishes }: { dishes: Dish[] }) {
  const weeks = new Map<number, Dish[]>();
  for (const d of dishes) {
    const day = new Date(d.served);
    const week = Math.floor((day.getTime() / 86400000 + 3) / 7);
    weeks.set(week, [...(weeks.get(week) ?? []), d]);
  }
  return (
    <div>
      {[...weeks.entries()].map(([week, list]) => (
        <section key={week}><h3>Dinner menu, week {week}</h3><ul>{list.map((d) => <li key={d.name}>{d.name}</li>)}</ul></section>
      ))}
    </div>
  );
}
'''
FLAT_MENU = '''type Dish = { name: string; served: string };

export function WeeklyDinnerMenu({ dishes }: { dishes: Dish[] }) {
  return <ul>{dishes.map((d) => <li key={d.name}>{d.served}: {d.name}</li>)}</ul>;
}
'''


def test_a_period_only_named_is_not_a_period_grouped_by(tmp_path: Path) -> None:
    criterion = "The app shows the dinner menu for each week"
    assert _located(tmp_path / "a", criterion, {"web/menu.tsx": MENU}) is not None
    assert _located(tmp_path / "b", criterion, {"web/menu.tsx": FLAT_MENU}) is None


FERRY = '''"""The harbour board: a crossing leaves, then it docks."""


class Crossings:
    """Each crossing goes from boarding to sailing to docked."""

    def __init__(self, store, sms):
        self.store = store
        self.sms = sms

    def leave(self, crossing_id):
        crossing = self.store.get(crossing_id)
        crossing.state = "sailing"
        self.store.save(crossing)
        for phone in crossing.waiting_phones:
            self.sms.send(phone, f"The {crossing.time} ferry has left the quay.")

    def dock(self, crossing_id):
        crossing = self.store.get(crossing_id)
        crossing.state = "docked"
        self.store.save(crossing)
'''


def test_a_message_for_one_event_is_not_sent_on_another(tmp_path: Path) -> None:
    criterion = "The app sends a text message when the ferry leaves"
    assert _located(tmp_path / "a", criterion, {"harbour/crossings.py": FERRY}) is not None
    on_docking = FERRY.replace('''        for phone in crossing.waiting_phones:
            self.sms.send(phone, f"The {crossing.time} ferry has left the quay.")
''', "").replace('''        crossing.state = "docked"
        self.store.save(crossing)
''', '''        crossing.state = "docked"
        self.store.save(crossing)
        for phone in crossing.waiting_phones:
            self.sms.send(phone, f"The {crossing.time} ferry has docked.")
''')
    assert _located(tmp_path / "b", criterion, {"harbour/crossings.py": on_docking}) is None


ADDRESS = '''import sqlite3

from flask import Flask, jsonify, request

app = Flask(__name__)


@app.put("/customers/<int:cid>/shipping-address")
def update_shipping_address(cid):
    body = request.get_json(silent=True) or {}
    address = (body.get("address") or "").strip()
    if not address:
        return jsonify(error="address: give a street and town"), 400
    db = sqlite3.connect("shop.db")
    db.execute("UPDATE customers SET shipping_address = ? WHERE id = ?", (address, cid))
    db.commit()
    row = db.execute("SELECT id, shipping_address FROM customers WHERE id = ?", (cid,)).fetchone()
    return jsonify(id=row[0], shipping_address=row[1])
'''


def test_answers_the_other_way_round_after_the_save(tmp_path: Path) -> None:
    criterion = "A user can update their shipping address from the app and sees the result saved"
    assert _located(tmp_path / "a", criterion, {"app.py": ADDRESS}) is not None
    swapped = ADDRESS.replace('''        return jsonify(error="address: give a street and town"), 400''', '''        return jsonify(id=cid, shipping_address=address)''').replace(
        '''    return jsonify(id=row[0], shipping_address=row[1])''', '''    return jsonify(error="address: give a street and town"), 400''')
    assert _located(tmp_path / "b", criterion, {"app.py": swapped}) is None


def test_an_answer_made_of_what_is_not_made_yet(tmp_path: Path) -> None:
    criterion = "A user can update their shipping address from the app and sees the result saved"
    early = ADDRESS.replace('''        return jsonify(error="address: give a street and town"), 400''', '''        return jsonify(id=row[0], shipping_address=row[1])''')
    assert _located(tmp_path, criterion, {"app.py": early}) is None


CELLAR = '''from django.http import JsonResponse
from django.views.decorators.http import require_http_methods

from .models import Bottle


@require_http_methods(["GET", "POST"])
def cellar(request):
    if request.method == "POST":
        bottle = Bottle.objects.create(wine=request.POST["wine"], vintage=int(request.POST["vintage"]))
        return JsonResponse({"id": bottle.pk, "wine": bottle.wine, "vintage": bottle.vintage}, status=201)
    return JsonResponse({"bottles": [{"id": b.pk, "wine": b.wine} for b in Bottle.objects.order_by("vintage")]})
'''


def test_a_write_on_a_read_request(tmp_path: Path) -> None:
    criterion = "A user can add a bottle to their cellar from the app and sees the result saved"
    assert _located(tmp_path / "a", criterion, {"cellar/views.py": CELLAR}) is not None
    for n, flipped in enumerate(('if request.method != "POST":', 'if not (request.method == "POST"):',
                                 'if request.method == "GET":')):
        wrong = CELLAR.replace('if request.method == "POST":', flipped)
        assert _located(tmp_path / f"b{n}", criterion, {"cellar/views.py": wrong}) is None, flipped


RECIPES = '''import sqlite3

from flask import Flask, jsonify, request

app = Flask(__name__)


@app.put("/recipes/<int:rid>")
def edit_recipe(rid):
    body = request.get_json(silent=True) or {}
    db = sqlite3.connect("recipes.db")
    db.row_factory = sqlite3.Row
    recipe = db.execute("SELECT * FROM recipes WHERE id = ?", (rid,)).fetchone()
    if recipe is None or recipe["author_email"] != body["author_email"]:
        return jsonify(error="recipe not found for this author"), 404
    db.execute("UPDATE recipes SET method = ? WHERE id = ?", (body["method"], rid))
    db.commit()
    return jsonify(id=rid, method=body["method"])
'''


def test_a_refusal_of_the_owner_is_no_check_of_the_owner(tmp_path: Path) -> None:
    criterion = "Only the author can edit a recipe"
    assert _located(tmp_path / "a", criterion, {"app.py": RECIPES}) is not None
    for n, flipped in enumerate(('recipe["author_email"] == body["author_email"]',
                                 'not (recipe is None or recipe["author_email"] != body["author_email"])')):
        line = f"    if {flipped}:" if flipped.startswith("not") else f"    if recipe is None or {flipped}:"
        wrong = RECIPES.replace('    if recipe is None or recipe["author_email"] != body["author_email"]:', line)
        assert _located(tmp_path / f"b{n}", criterion, {"app.py": wrong}) is None, flipped
