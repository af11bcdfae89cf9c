"""What the founder's own goods sell for is not how the product makes money: "no one pays, its for my own business. the
cakes are 850 per whole" filed the cakes' price as the revenue model. A price of one thing ("850 per whole", "£4 a
slice", "they're 30 each") said beside an answer about the money stays out of that answer; said alone, it stays (the
founder may mean to sell through the app, and the PM asks)."""

from __future__ import annotations

import re

from pmtui.models import DiscoverySummary

# "the cakes are 850 per whole", "a box is like ₱450", "they're 30 each", "each tray goes for 1,200".
_ITEM_PRICE = re.compile(
    r"^\W*(?:(?:the|our|my|a|an|each|one)\s+)?[\w' -]{0,30}?\s*(?:are|is|'re|'s|cost|costs|sell for|sells for|go for|"
    r"goes for)\s+(?:like\s+|about\s+|around\s+|roughly\s+|only\s+|just\s+)?(?:[$€£₹₦₱₵]|php|rs\.?|p)?\s?\d[\d,.]*\s*k?\s*"
    r"(?:\w+\s+)?(?:each|apiece|a piece|(?:per|a|an|/)\s*(?:whole|piece|pc|box|tray|slice|dozen|cake|bottle|jar|pack|"
    r"item|one|loaf|tub|set|pair|plate|portion|serving|unit))?\W*$",
    re.IGNORECASE,
)


def not_their_item_price(result: DiscoverySummary, before: DiscoverySummary) -> DiscoverySummary:
    """The revenue model without a part this answer added that only prices the founder's own goods, when another
    part says how the money works."""
    old = [p.strip() for p in before.revenue_model.split("; ") if p.strip()]
    parts = [p.strip() for p in result.revenue_model.split("; ") if p.strip()]
    added = [p for p in parts if p not in old]
    kept = [p for p in parts if not (p in added and _ITEM_PRICE.match(p))]
    if not kept or kept == parts:
        return result
    return result.model_copy(update={"revenue_model": "; ".join(kept)})


# A list item that is only a price or how it is paid ("3 pounds for 6", "£4 a box", "paid monthly", "cash on the day"),
# said among the wishes: money, no feature (the egg round's "3 pounds for 6" and "Paid monthly" became tasks).
_PRICE_ONLY = re.compile(
    r"^\W*(?:(?:[$€£₹₦₱₵]|php|rs\.?|ksh|gh₵|r)\s?\d[\d,.]*\s*k?|\d[\d,.]*\s*(?:pounds?|quid|p|pence|dollars?|bucks|euros?|"
    r"cents?|rand|naira|cedis?|shillings?|bob|pesos?|rupees?|ringgit|rm))(?:\s+(?:for|per|a|an|each|every)\s+[\w -]{1,20})?"
    r"\W*$|^\W*(?:paid|billed|charged)\s+(?:monthly|weekly|yearly|annually|upfront|up front|in advance|in cash|"
    r"by card|by cash|cash|on (?:the day|delivery|collection)|at the door|each (?:week|month))\W*$",
    re.IGNORECASE,
)


def price_only(item: str) -> bool:
    """Is a wishlist item only a price or how it is paid, not something the product does?"""
    return _PRICE_ONLY.match(item.strip()) is not None
