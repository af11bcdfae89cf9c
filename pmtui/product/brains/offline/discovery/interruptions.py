"""Interruptions from the founder's surroundings, told in the middle of the interview: an exclamation or an apology,
then what just happened ("Sorry mate, just had to go yell at a sparky…"). They answer no question and stay out of the
summary.
"""

from __future__ import annotations

import re

# An interruption from the founder's surroundings, opened by an exclamation or an apology and telling what just
# happened: "Sorry mate, just had to go yell at a sparky…", "omg my 4pm student just arrived early",
# "hold on some idiot just cut me off … where was I", "haha sorry my dog is going mad at the postman again".
INTERRUPTION_OPENER = re.compile(
    r"^\s*(?:(?:haha+|hehe+|lol|lmao|ugh+|argh+|omg|oops|whoops|oh no|oh god|hold on|hang on|one sec(?:ond)?|"
    r"one moment|one min(?:ute)?|a (?:sec|min|minute|moment)|two secs?|brb|wait|sorry|apologies|excuse me|"
    # "Forgive me, the tenor pans just started tuning outside", "my apologies, …", "pardon me, …".
    r"forgive me|my apologies|pardon me|do excuse me|"
    # The same apology in the words founders mix in: "perdón, my mom is calling me…", "maaf", "pasensya na", "eish".
    r"perd[oó]n|lo siento|disculpa|pardon|d[ée]sol[ée]|entschuldigung|maaf|pasensya(?: na)?|samahani|aiyo+|eish)"
    r"(?=[\s,.!:;-]|$)[\s,.!:;-]*)+(?:(?:mate|man|guys|ah|lah|oh|o|sir|madam)\b[\s,.!]*)?",
    re.IGNORECASE,
)
INTERRUPTION_EVENT = re.compile(
    # "a fella just drive in with a whole Sentra on a tow truck": Caribbean English tells the past in the present.
    r"\bjust\s+(?:drive|drove|pull(?:ed)?|walk|reach(?:ed)?|come|bring|brought)\s+(?:in|up|over|round|inside|out)\b|"
    # Dictated without stops: "sorry the door buzzer's going its the fixer delivery hang on", "sorry a tractor's just
    # pulled out in front of me … nothing to worry about carry on": a bell or a buzzer going, and the pause asked for.
    r"\b(?:door ?bell|buzzer|intercom|phone|alarm|timer|oven|fire alarm|smoke alarm)(?:'s|\s+is|\s+keeps)?\s+"
    r"(?:going(?: off)?|ringing|buzzing|beeping|bleeping)\b|"
    # Something around the founder going off or running out: "the dust extractor's gone off again", "the gas
    # cylinder just finished", "the kettle is boiling", "the printer's run out of paper".
    r"\b(?:'s|is|has|have|just|\w+s)\s+(?:just\s+)?(?:gone off|went off|gone out|run out|ran out|finished|boiling|"
    r"boiled|burning|crying|barking|jammed|tripped)\b(?!\s+(?:the|a|our|my|their|them|it|in|at|on)\b)|"
    # The pause asked for ends it, with something happening around the founder in it ("sorry, the bookings are a mess,
    # hang on" is an answer).
    r"^(?=.*\b(?:going|ringing|buzzing|beeping|just|door|delivery|arriv\w*|pulled|tractor|phone|customer|kid|baby|dog|"
    r"someone|somebody)\b).*\b(?:hang on|hold on|bear with me|give me a (?:sec|second|minute|min|moment)|carry on|crack on|"
    r"one sec(?:ond)?)\W*$|"
    r"\bsome(?:one|body)'?s?\s+(?:is\s+)?at the (?:door|gate|counter)\b|"
    r"\bjust\s+(?:had to|got|arrived|came|call(?:ed)?|rang|cut|walked|knocked|spilled|spilt|went|left|started|"
    r"showed up|turned up|parked|dropped|broke|fell|burst|texted|messaged|took|ran|died|crashed|blew|switched|tripped|"
    r"woke)\b|\blet me (?:quickly |just )?(?:finish|continue|go on)\b|\bagain\W*$|\bwhere was i\b|"
    r"\banyway\W*$|\bback now\b|\bsorry about that\b|\b(?:i'?m|i am) back\b|\b(?:is|are) calling (?:me|us)\b|"
    # "Sorry, one minute, my amma is asking if I want tea, …, okay continue".
    r"\bmy \w+ (?:is|are) asking (?:me|us|if|whether)\b|\b(?:ok(?:ay)?|right),? (?:continue|carry on|go on)\W*$|"
    # "sorry the kettle just boiled, where were we": the surroundings, then back to the interview.
    # "the chainsaw is after giving up on me again": the Irish perfect, something that just happened.
    r"\b(?:is|are|'s|'re|am|'m) after \w+ing\b|"
    # "Excuse me sir, tea is coming": refreshments arriving.
    r"\b(?:tea|chai|coffee|lunch|dinner|food)\s+(?:is|has)\s+(?:coming|come|here|arrived|ready)\b|"
    r"\bwhere were we\b|\bjust (?:boiled|rang|beeped|went off|buzzed)\b|\b(?:kettle|doorbell|phone|baby|dog|dug|kids?)\b[^.]{0,20}"
    r"\b(?:boiled|rang|ringing|crying|bark(?:s|ing)?|went off|noisy)\b|"
    # "Eish, load shedding again, stage 4", "the ECG has taken the light again": the power going, where it goes often.
    r"\b(?:load[- ]?shedding|power cut|power outage|blackout|(?:took|taken|take) (?:the )?light|light (?:just )?went off)\b"
    r"(?=.*\b(?:again|just|now|kicked in|today)\b)|"
    # "Sorry, I have to watch the roaster, the batch is in first crack, one moment": a task that can't wait, and a pause.
    r"\b(?:i|we)(?:'ve| have| need| got)? (?:to|gotta) (?:watch|check|get|answer|take|grab|see to|deal with|run to|pick up|"
    r"serve|sign for|turn|stir|flip|move|let)\b[^.?!]{0,60}?(?<!\btakes )(?<!\btake )(?<!\btook )\b(?:one|just a)\s+"
    r"(?:moment|sec(?:ond)?|minute|min|tick)\b|"
    # "Sorry, one moment, a parent is coming with 2 childrens": someone arriving where the founder works.
    r"\b(?:a|an|the|my|our|some|one)\s+(?:\w+\s+)?(?:parent|mum|mom|dad|customer|client|patient|child|kid|student|guest|"
    r"delivery|driver|courier|supplier|inspector|visitor|someone|somebody|boss|manager|lady|man|guy|fella|lad)s?\s+"
    r"(?:is|are|'s|just)\s+(?:coming(?: in)?|arriving|arrived|here|in|at the (?:door|counter|gate|desk))"
    r"(?:\s+(?:with|for|to)\b[^.?!;]*)?\W*$|"
    # "sorry mate, had to duck out, a bloody brown snake in the shed, all sorted now": stepped away, and back.
    r"\b(?:had|have|got) to (?:duck|nip|pop|step|run|dash|head) (?:out|off|away|outside|over)\b(?!\s+of\b)|"
    # "sorry had tae go, the coastguard were on the radio": gone for a moment, said right after the apology.
    r"^\W*(?:sorry|excuse me|apologies|pardon)\W+(?:i\s+)?(?:had|got) (?:to|tae|ta) (?:go|leave|step (?:away|out))\b(?!\s+(?:to|with|for|and)\b)|"
    r"\ball (?:sorted|good|done|fine|dealt with|handled)(?: now)?\W*$|"
    # "…, nothing serious", "…, no harm done": the all-clear that ends the story.
    r"\b(?:nothing (?:serious|major|bad|to worry about)|no harm done|(?:all|everyone|everybody)(?:'s| is) (?:ok|okay|fine|safe))\W*$|"
    # "brb tim hortons run lol": stepping away is the event.
    r"^\W*brb\b|\bback in a (?:tick|sec|second|minute|min)\b",
    re.IGNORECASE,
)
