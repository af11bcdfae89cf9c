"""Money in the code's own unit (round 9): an amount in pounds, dollars or rupees and the hundredths code counts in.

"£5" may be `CAP_PENCE = 500` in code whose names say it counts hundredths (round 8). The other way round is the
wrong unit: "a £20 late fee" written as `LATE_FEE_PENCE = 20` charges twenty pence, and "at least £10 above the
current bid" as `min_increment_pence = 10` ten pence. A bare amount found only on lines whose names count hundredths
is not the criterion's amount.
"""

from __future__ import annotations

import re

HUNDREDTHS = re.compile(r"(?i:pence|cents?\b|paise|kobo)|_[pc]\b|[a-z][PC]\b|Cents|Pence")


def only_in_hundredths(code: str, number: str) -> bool:
    """Whether every line that states the number (as a literal of its own) names a value counted in hundredths."""
    literal = re.compile(rf"(?<![\w.]){re.escape(number)}(?:\.0+)?(?![\w.])")
    lines = [line for line in code.splitlines() if literal.search(line)]
    return bool(lines) and all(HUNDREDTHS.search(line) for line in lines)
