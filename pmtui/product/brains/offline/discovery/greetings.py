"""How founders open a message: a greeting, and who they greet ("hello po!", "hi sir,", "good morning ma'am",
"hey fam", "namaste ji", "kia ora koutou", "Sasa." and "Niaje" in Kenya, "Bawo" in Nigeria). One vocabulary for every rule that leaves the greeting out of what is
quoted or filed: a greeting read by one rule and not another quoted "po" back as the founder's pitch.
"""

from __future__ import annotations

# Greetings in English and in the languages founders mix into it.
GREETING = (
    r"(?:hi+|hey+|hello+|helo|hallo|hiya|heya|howdy|howzit|g'?day|yo|sup|wassup|greetings|good (?:morning|afternoon|"
    r"evening|day)|(?:morning|evening)(?=\s*[,!.]|\s+(?:all|everyone|folks|team|guys|sir|ma'?am|po)\b)|namaste|namaskar|vanakkam|salaam|salam|assalamu? ?alaikum|as-?salaam(?:u)? "
    r"alaikum|hola|bonjour|ciao|ola|kia ora|aloha|kumusta|kamusta|magandang (?:umaga|hapon|gabi)|mabuhay|sawubona|"
    r"jambo|habari|sasa|mambo|niaje|vipi|hujambo|shikamoo|bawo|kedu|sannu|dumela|molweni|shwmae|bore da|dia dhuit|"
    r"selamat pagi|apa khabar|buenas|bom dia|wah gwaan|wh?a+g+w[a]+n|wh?a(?:t)?(?:'?s)? go(?:ing|in'?) on|what'?s good|how far|ayubowan|"
    r"sat sri akal|shalom)"
)
# Who is greeted: the listener, a group, a title or a word of respect said after the greeting.
VOCATIVE = (
    r"(?:there|all|y'?all|everyone|everybody|folks|people|peeps|team|guys|gals|friends?|fam|mates?|bro|bruv|bruh|"
    r"sis|boss|chief|sir|ma'?am|maam|madam|miss|dear|po|opo|ji|lah|la|bhai|bhaiya|didi|yaar|kuya|ate|amigos?|"
    r"pm|ai|bot|koutou|again|dear pm|my friends?)"
)
# A greeting and up to two words of address: "hello po", "hi there friends", "good morning sir".
GREETED = rf"{GREETING}\b(?:[\s,]+{VOCATIVE}\b){{0,2}}"
