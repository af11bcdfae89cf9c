"""The words of small founders' apps that a criterion and its code say differently (round 16).

A founder's plan says "book a slot", "who is late", "the invoice", "a text when the van is near"; the agent's code
says `appointments`, `overdue`, `bill`, `send_sms(guardian_phone, …)`. Each group below is a class of the things
such apps keep — bookings, payments, money owed, messages, people, stock, places — and names what the same thing
is called in code; none is written for one sentence. `DOMAIN_GROUPS` are read both ways, like synonyms.py's
groups (a criterion's "appointment" is met by `booking` as its "booking" by `appointment`). `CRITERION_ALIASES`
are read one way only, for a criterion's word whose code name is too common in code to stand for it: a criterion's
"text" (a message) is met by `sms`, but the code's `TEXT` column type is no message; a criterion's "class" (a
lesson) is met by `course`/`lesson`, never by the keyword `class`.
"""

from __future__ import annotations

# Merged into synonyms._GROUPS (a group already there gains these members).
DOMAIN_GROUPS: dict[str, str] = {
    # a booking is an appointment, a reservation (a slot or a visit booked: CRITERION_ALIASES)
    "appointments": "appointment appointments booking bookings reservation reservations",
    "reschedule": "reschedule rebook postpone move moved",
    # what is wrong with the thing brought in: its issue, fault, problem
    "problem": "problem problems issue issues fault faults defect defects complaint symptom symptoms wrong",
    "bike": "bike bikes bicycle bicycles",
    # money asked for, paid and owed
    "invoice": "invoice invoices bill bills billing",
    "payment": "pay paid payment payments settle settled settlement payer payers receipt receipts charge",
    "price": "dues",
    "deposit": "deposit deposits advance downpayment prepayment",
    "refund": "refund refunds refunded reimburse reimbursed reimbursement repay repaid",
    "tip": "tip tips gratuity gratuities",
    "owe": "owe owes owed owing debt debts debtor debtors arrears balance outstanding udhaar udhar",
    "sales": "sale sales takings revenue turnover",
    "membership": "membership memberships member members subscription subscriptions subscriber subscribers",
    "spreadsheet": "spreadsheet spreadsheets csv xlsx excel",
    # telling people things
    "message": "message messages msg sms whatsapp notify notification notifications notifier",
    "alert": "notifier notifiers",
    "summary": "summary summaries digest digests recap",
    "reminder": "nudge nudges",
    # a late fee is a penalty, charged after a grace period
    "late": "penalty penalties grace",
    # a database's commit is what saves a row
    "persist": "commit committed",
    # people of the business and its customers
    "parent": "parent parents guardian guardians",
    "child": "child children kid kids",
    "student": "student students pupil pupils learner learners",
    "staff": "staff employee employees crew",
    "mechanic": "mechanic mechanics technician technicians",
    "courier": "courier couriers driver drivers",
    "phone": "phone phones mobile msisdn telephone",
    # what is kept and moved
    "stock": "stock stocks inventory onhand instock",
    "soldout": "soldout outofstock unavailable",
    "disable": "grey greyed gray grayed dimmed",
    "attendance": "attendance attend attended presence",
    "shift": "shift shifts rota rotas roster rosters",
    "delivery": "delivery deliveries dropoff dropoffs",
    "pickup": "pickup pickups collection collections",
    # round 17: a round's stops by their street (a road, an avenue, a lane)
    "street": "street streets road roads avenue avenues",
    "finish": "ready",
    "van": "van vans minibus",
    "internet": "internet online offline network",
    "current": "localdate",
    "attach": "attach attached attachment attachments upload uploads",
    "monday": "monday mondays mon",
    "tuesday": "tuesday tuesdays tue tues",
    "wednesday": "wednesday wednesdays wed",
    "thursday": "thursday thursdays thu thurs",
    "friday": "friday fridays fri",
    "saturday": "saturday saturdays sat",
    "sunday": "sunday sundays sun",
}

# The people a founder's app serves or employs, as criteria name them (founder_checks, roles): who may do a thing,
# whom a thing is sent to, who is granted what the app does.
PEOPLE_WORDS = ("customer client user member parent guardian owner admin administrator manager staff employee driver "
                "courier teacher tutor student pupil patient guest tenant resident rider passenger buyer seller vendor "
                "cleaner mechanic coach instructor volunteer supplier landlord organiser organizer host diner learner chef "
                "nurse people")

# A criterion's word → more code words that meet it (never the other way round), by their stems alone: a
# membership frozen is `pause`d, but "pause" stays the waiting action it is in synonyms.py.
CRITERION_ALIASES: dict[str, str] = {
    "text": "sms message whatsapp",
    "texts": "sms message whatsapp",
    "texted": "sms message whatsapp",
    "class": "course lesson session",
    "classes": "course lesson session",
    "seat": "capacity",
    "seats": "capacity",
    "person": "party pax headcount guest",
    "persons": "party pax headcount guest",
    "people": "party pax headcount guest",
    "away": "eta",
    # a slot or a booking taken is kept as an appointment or a visit; "slot" and "visit" alone are too common in code
    # (`__slots__`, a page visit) and in criteria ("one team per slot", "£4 per visit") to be read both ways, and
    # "booked" keeps its own concept ("booked by one team per slot" asks for the slot apart)
    "book": "appointment visit",
    "booking": "appointment visit",
    "bookings": "appointment visit",
    "slot": "appointment visit reservation",
    "slots": "appointment visit reservation",
    "appointment": "visit",
    "appointments": "visit",
    # dues are a member's subscription (`show_subs`)
    "dues": "subs subscription",
    "cleaner": "staff employee",
    "freeze": "pause paused suspend suspended",
    "frozen": "pause paused suspend suspended",
    "cleaners": "staff employee",
    "van": "bus vehicle shuttle",
    "vans": "bus vehicle shuttle",
    # round 17: a pickup time is when the customer collects ("collect" alone is too common in code to read both ways)
    "pickup": "collect collected collecting",
    "pickups": "collect collected collecting",
    # round 17: what home-service and small-shop founders call a thing and their code calls otherwise, one way (the
    # code's word is too common, or means more, to stand for the criterion's in every sentence)
    "technician": "engineer operative",
    "technicians": "engineer operative",
    # a home visit booked is a call-out (a trade's word), a visit again a revisit
    "visit": "callout revisit",
    "visits": "callout revisit",
    "trip": "stay journey holiday travel",
    "trips": "stay journey holiday travel",
    "location": "spot place pitch site whereabouts",
    "style": "pattern motif",
    "styles": "pattern motif",
    "feeding": "food meal diet",
    "chemicals": "substance pesticide insecticide product",
    "chemical": "substance pesticide insecticide product",
    "homeowner": "householder resident occupant",
    "homeowners": "householder resident occupant",
    "seller": "consignor vendor merchant",
    "sellers": "consignor vendor merchant",
    "bill": "charge",
    "bills": "charge",
    "cut": "mow mowing",
    "cuts": "mow mowing",
    "come": "visit",
    "came": "visit",
    "coming": "visit",
}


def merged_groups(groups: dict[str, str]) -> dict[str, str]:
    """synonyms' groups with DOMAIN_GROUPS added (a shared name's members joined)."""
    merged = dict(groups)
    for name, members in DOMAIN_GROUPS.items():
        merged[name] = f"{merged[name]} {members}" if name in merged else members
    return merged
