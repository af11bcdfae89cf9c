"""What code does, read from its text: operators and idioms (`a - b` subtracts, `reverse=True` puts the
newest first), date formats and cron schedules. Split from vocabulary.py, which re-exports these names.
"""

from __future__ import annotations

import re
from functools import lru_cache

# -- code idioms: what an operator or a call does -----------------------------------------------------
_STRING = re.compile(r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"|`(?:[^`\\]|\\.)*`")
_IDIOMS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), concept)
    for pattern, concept in (
        (r"[\w)\]]\s*-\s*[\w(]", "subtract"),
        (r"[\w)\]]\s*\+\s*[\w(]", "sum"),
        (r"[\w)\]]\s*\*\s*[\w(]", "multiply"),
        (r"[\w)\]]\s*//?\s*[\w(]", "divide"),
        (r"[\w)\]]\s*%\s*[\w(]", "modulo"),
        (r"\*\*|<<|\bMath\.pow\b|\bpow\(", "exponential"),
        ((r"\breverse\s*=\s*True\b|\bDESC\b|\.reverse\(\)|order_by\(\s*['\"]-|\bsort\w*\([^)]*-|reverseOrder\(|"
          r"\.pop\(\)|"
         r"\bReverse\(|\.rev\(\)|[sS]ortDescending|sortedDescending|\bdescending\b"), "descending"),
        (r"\bASC\b|\bascending\b", "ascending"),
        ((r"\.(?:lower|casefold|toLowerCase|toLocaleLowerCase|lowercase|downcase)\(|\bre\.I(?:GNORECASE)?\b|"
          r"\bILIKE\b|\bNOCASE\b|EqualFold|eq_ignore_ascii_case|equalsIgnoreCase|"
          # round 12: a key brought to upper case before the lookup (`CODES.get(code.strip().upper())`)
          r"\.(?:upper|toUpperCase|toLocaleUpperCase|upcase|uppercase)\(|\bstrings\.ToUpper\("), "caseless"),
        ((r"\bif\s+not\s+[\w.]+\b(?![\w.(])|==\s*(?:''|\"\")|\blen\([^)]*\)\s*==\s*0\b|\.isEmpty\(|\.isBlank\(|\.is_empty\(|"
          r"!\s*[\w.]+\.length\b|\bstrip\(\)\s*(?:==|\)|:|and\b|or\b)|"
          r"\b(?:any|all)\([^()]*\.strip\(\)\s*for\b|\.trim\(\)\s*(?:&&|\|\|)|!\s*[\w.]+\.trim\(\)|"
          r"\bstrings\.TrimSpace\([^)]*\)\s*(?:==|!=)\s*\"\""), "empty"),
        ((r"\bif\b[^#\n]*\bnot in\b|\bif\b[^#\n]*\bin\b|\bUNIQUE\b|\bset\(|\bnew Set\(|\.has\(|\.includes\(|"
          r"\bcontains(?:Key)?\(|\bexists\("), "unique"),
        (r"\bwhile\b|\bfor\b|\bloop\b", "loop"),
        (r"\braise\b|\bthrow\b|\bErr\(|\berrors?\.New\(|\babort\(|\breturn\s+Err\w*|panic\(", "reject"),
        (r"\bdisabled\s*=", "disable"),
        ((r"\bclamp\(|\.clamp\(|\bcoerceIn\(|\bBETWEEN\b|\.between\(|\binRange\(|"
         r"[\w\])]\s+<=?\s+[^<>=\n]+\s+<=?\s+[\w(]"), "between"),
        (r"\bmax\(|\bMath\.max\(|>\s*\w*MAX|\w*MAX\w*\s*<", "limit"),
        # a value out of its range: `not A <= x <= B`, `!(A <= x && x <= B)`, `x < A or x > B`
        ((r"\bnot\s+\(?\s*[\w.$]+\s*<=?\s*[\w.$()\[\]]+\s*<=?\s*[\w.$]+|!\s*\(\s*[\w.$]+\s*<=?\s*[\w.$]+\s*&&|"
          r"\b([\w.$]+)\s*(?:<=?|==)\s*[\w.$]+\s*(?:or|\|\||OR)\s*\1\s*>=?\s*[\w.$]+|"
          r"\b([\w.$]+)\s*>=?\s*[\w.$]+\s*(?:or|\|\||OR)\s*\2\s*(?:<=?|==)\s*[\w.$]+|"
          r"!\s*\(\s*[\w.$]+\s*\.\.=?\s*[\w.$]+\s*\)\s*\.contains\(|\bnot\s+in\s+range\(|\bNOT\s+BETWEEN\b"), "outside"),
        # what is one's own: `comment.author_id == user.id`, `owner_id === me.id`
        ((r"\b(?:author|owner|creator|user|created_by)_?(?:[iI]d|ID)?\s*===?\s*(?:user|current_user|currentUser|me|request\.user|"
          r"actor|viewer)\.(?:id|ID|pk)\b|\b(?:user|current_user|currentUser|me)\.(?:id|pk)\s*===?\s*[\w.]*"
          r"(?:author|owner|creator)_?(?:[iI]d)?\b"), "own"),
        # a value that must be given: `.min(1)` of a string, NOT NULL, `required=True`, `presence: true`, `@NotNull`
        ((r"\bstring\(\)[^\n]*\.(?:min\(\s*1\s*\)|nonempty\(\))|\bNOT\s+NULL\b|\brequired\s*[=:]\s*(?:True|true)\b|"
          r"\bpresence:\s*true\b|@NotNull\b|@NotBlank\b|@NotEmpty\b|\bblank\s*=\s*False\b|\.required\(\)|"
          r"\bvalidates?\w*\s*\(?\s*:\w+\s*,\s*presence\b"), "required"),
        # what is made invisible is hidden: `product.visible = False`, `hidden = True`, `display: none`
        ((r"\b(?:visible|is_visible|isVisible|shown|displayed|listed|published)\s*(?:=|:)\s*(?:False|false)\b|"
          r"\b(?:hidden|is_hidden|isHidden)\s*(?:=|:)\s*(?:True|true)\b|\bdisplay\s*:\s*none\b"), "filter"),
        # a price of nothing is free: `return 0` from a fee, `shipping = 0`, `fee: 0`
        ((r"\b(?:fee|fees|price|cost|charge|shipping|delivery|amount|total)\w*\s*(?:=|:)\s*0(?:\.0+)?\b(?![.\d])|"
          r"\breturn\s+0(?:\.0+)?\s*(?:;?\s*$|\bif\b)|\?\s*0(?:\.0+)?\s*:(?!:)"), "free"),
        # the least of a value and a cap caps it: `Math.min(days * 50, 500)`, `min(fee, CAP)`, `.coerceAtMost(`
        (r"(?<![\w.])(?:Math\.|math\.|std::cmp::)?min\s*\([^()]*,|\.coerceAtMost\(|\.clamp\(", "limit"),
        (r"\bprint\(|console\.log|\becho\b|\bputs\b|fmt\.Print", "show"),
        (r"\bsetTimeout\(|\bsleep\(|time\.sleep|\bdebounce\b", "wait"),
        # a timeout aborts what runs longer: `--timeout=3s`, `timeout(time: 45, unit: 'MINUTES')`
        (r"(?<![\w-])(?:--)?timeout\w*\s*[=:(]", "abort"),
        (r"\bfilter\(|\.filter\(|\bif\b.*\bfor\b|\bfor\b.*\bif\b|\bWHERE\b", "filter"),
        ((r"\bdelete_cookie\(|\.pop\(|\bdel\s|\bdelete\(|\.remove\(|\brm\b|\bCASCADE\b|\.clear\(\)|\.destroy\(|"
          r"\.delete_all\(|\.unlink\(|\.discard\(|\bDELETE\s+FROM\b|"
          # what a filter leaves out is removed: xs.filter(x => x.id !== id), [x for x in xs if x != y]
          r"\bfilter\w*\([^\n]*(?:!==?|\bnot\b|!\s*\w)|\bfor\b[^\n]*\bif\b[^\n]*(?:!=|\bnot\b)|"
         r"\bDROP\b(?!\s+(?:CONSTRAINT|INDEX|DEFAULT|NOT|TRIGGER|VIEW)\b)"), "delete"),
        (r"\bCREATE\b|\.append\(|\.push\(|\.add\(|\bINSERT\b", "create"),
        (r"\btail\s+-n\s+\+\d+|\bhead\s+-n\b|\[-?\d*:-?\d*\]|\.slice\(", "limit"),
        # a loop with a fixed number of rounds caps the attempts: `seq 1 10`, `{1..10}`, `range(5)`, `5.times`
        ((r"\bseq\s+(?:1\s+)?\d+\b|\{1\.\.\d+\}|\bfor\s+\w+\s+in\s+range\(\s*(?:\d+\s*,\s*)?\d+\s*\)|"
          r"\b\d+\.times\b|\brepeat\(\s*\d+\s*\)"), "limit"),
        (r"\bstatus(?:_code)?\s*=\s*\d{3}|\bWriteHeader\(", "status"),
        (r"\w\]\s*=[^=]|\.append\(|\.insert\(|\.push\(|\.setdefault\(|\.put\(|\.save\(|\bINSERT\b|\.set\(",
         "persist"),
        (r"\+=\s*1\b|\+\+|\bincrement|[\w)\]]\s*\+\s*1\b", "count"),
        (r"\bOption<|\.ok\(\)|\bOptional\[|\bOptional<|->\s*Option\b|\|\s*None\b|\breturn\s+(?:None|null|nil)\b", "none"),
        ((r"\.ok\(\)|\bexcept\b[^:\n]*:\s*return\s+(?:None|null)|\bcatch\b.*\breturn\s+(?:null|undefined)|"
          r"(?:status|response_code|abort|sendStatus|status_code|WriteHeader)\W{0,3}4\d\d\b"), "reject"),
        ((r"!\s*(?:(?:req|request|ctx|context)\.)?(?:user|currentUser|current_user|session\.user)\b|\b(?:user|currentUser|current_user)\s*\?|"
         r"\bif\s+not\s+(?:request\.)?(?:user|current_user)\b|\bis_anonymous\b|\bis_authenticated\b|\bisAuthenticated\b"), "guest"),
        (r"\)\s*/\s*2(?:\.0)?\b|\bsum\([^)]*\)\s*/\s*len\(", "average"),
        (r"\bnot in\b|!\s*[\w.]+\.(?:has|includes|containsKey)\(|\bis None\b|!ok\b|\bok\s*\{", "missing"),
        # round 12: a file that is not there (`if not path.is_file():`, `!fs.existsSync(p)`, `os.IsNotExist(err)`)
        ((r"\bnot\s+(?:os\.path\.)?[\w.()]*?(?:exists|is_file|isfile|is_dir|isdir)\(|!\s*fs\.existsSync\(|"
          r"\bos\.IsNotExist\(|\bFileNotFoundError\b|\bErrNotExist\b|\bENOENT\b"), "missing"),
        (r"\bjoin\(", "join"),
        # round 12: the files of a folder, listed or deleted (`LOG_DIR.glob("*.log")`, `p.unlink()`, `os.remove(p)`)
        (r"\.glob\(|\.iterdir\(|\bos\.(?:listdir|scandir|remove)\(|\.unlink\(|\bfs\.(?:readdirSync|unlinkSync|rmSync)\(",
         "file"),
        # an error handed to the caller: Zig's and Swift's `try`, Rust's `?`, Go's `return …, err`, a bare re-raise
        ((r"(?<![\w.])try\s+(?![{:])[\w.]+|[\w)\]]\?\s*(?:[;.)]|$)|\breturn\s+(?:[\w.]+\s*,\s*)*err\b|"
          r"\breturn\s+(?:[\w.]+\s*,\s*)*fmt\.Errorf\(|^\s*raise\s*$"), "propagate"),
        (r"\.(?:findIndex|indexOf|index|position|firstIndex|IndexOf|FindIndex)\(|\benumerate\(|\bROW_NUMBER\(|\bRANK\(",
         "position"),
        (r"^\s*(?:return|continue|pass)\s*;?\s*$|\bif\b.*[:)]\s*(?:return|continue)\s*;?\s*$", "ignore"),

        (r"\bcontinue\b|\bexit\s+[1-9]|\bexit\([1-9]|\bsys\.exit\(|\bprocess\.exit\([1-9]|\bos\.Exit\([1-9]", "exit"),
        # a user created (`useradd app`) is not the user the container runs as: only USER switches to it
        ((r"^\s*USER\s+(?!root\b|0\b)\S+|\brunAsNonRoot:\s*true|\brunAsUser:\s*[1-9]|\bgosu\s+(?!root\b)\w|"
          r"\bsu-exec\s+(?!root\b)\w"),
         "nonroot"),
        ((r"\.get\(\s*[^,()]+,\s*[^)]+\)|\|\||\?\?|\bunwrap_or|\bgetOrDefault\(|\bor\s+[\"'\d\[{(]|==\s*\"\"|"
         r"^\s*[A-Za-z_]\w*\s*:\s*[\w\[\]|., ]+=\s*[^=]|\bDEFAULT\b|"
         # round 12: a Go flag's second argument is its default (`flag.Duration("timeout", 30*time.Second, …)`)
         r"\bflag\.(?:String|Int|Int64|Uint|Uint64|Float64|Bool|Duration)\(\s*\"[^\"]*\"\s*,|\bdefault_value\b"), "default"),
        ((r"\.Write\(|\bres\.send\(|\.json\(|\bjsonify\(|\bJSONResponse\(|\bResponse\(|\bc\.(?:JSON|String)\(|"
         r"\brender\s+json:|\breturn\s+[\"'{\[]|\bcontent\s*=|\bbody\s*="), "body"),
        (r"\bsetHeader\(|\bheaders?\[|\.Header\(\)\.Set\(|\.header\(|\bset_header\(|\bwriteheader\(", "header"),
        (r"\.exclude\(", "filter"),
        # round 9: also Rust's `sort_by_key`/`sort_unstable_by`, Kotlin's `sortedWith`, C#'s `OrderBy`
        ((r"\bsorted\(|\.sort\(|\bORDER BY\b|\bsort_by\b|\bsortBy\b|"
          r"\.sort(?:ed)?(?:_unstable)?_?(?:[Bb]y|[Ww]ith)\w*\(|\.OrderBy\("), "sort"),
        # print macros and writers of other languages
        (r"\b(?:e?println|e?print|writeln)!\(|\bSystem\.out\.print|\bfmt\.Fprint|\bprintf\(", "show"),
        # the browser keeps what is stored in localStorage or a cookie across a reload, and reads it back
        (r"\b(?:local|session)Storage\.setItem\(|\bdocument\.cookie\s*=", "persist"),
        (r"\b(?:local|session)Storage\.getItem\(", "restart"),
        # what is shown only to a signed-in user: `user && <Avatar/>`, `if current_user:`
        ((r"\b(?:user|currentUser|current_user|session\.user|isLoggedIn|loggedIn|isAuthenticated|is_authenticated)"
          r"\s*(?:&&|\?(?!\.))|\bif\s*\(?\s*(?:user|currentUser|current_user|isLoggedIn|loggedIn)\s*[):{]|"
          r"\bisLoggedIn\b|\bis_authenticated\b|\bisAuthenticated\b|\blogin_required\b"), "login"),
        # an error handled where it happens instead of crashing the program
        ((r"\bErr\(\s*\w*\s*\)\s*(?:if\b[^=\n]*)?=>|\bif\s+err\s*!=\s*nil\b|\.unwrap_or(?:_default|_else)?\(|"
          r"\.or_else\("), "crash"),
        # a refusing HTTP status by its name: ngx.HTTP_UNAUTHORIZED, HttpStatus.FORBIDDEN, http.StatusConflict,
        # status.HTTP_422_UNPROCESSABLE_ENTITY, `return Unauthorized();`
        ((r"\b(?:HTTP_(?:\d{3}_)?|Http[Ss]tatus(?:Code)?\.|[Ss]tatus\.?(?:HTTP_\d{3}_)?|StatusCodes\.)"
          r"(?:UNAUTHORI[SZ]ED|Unauthori[sz]ed|FORBIDDEN|Forbidden|BAD_?REQUEST|BadRequest|CONFLICT|Conflict|"
          r"TOO_?MANY_?REQUESTS|TooManyRequests|UNPROCESSABLE\w*|Unprocessable\w*|PAYLOAD_?TOO_?LARGE|"
          r"RequestEntityTooLarge|REQUEST_ENTITY_TOO_LARGE|NOT_?ACCEPTABLE|NotAcceptable)\b|"
          r"\breturn\s+(?:Unauthorized|Forbid|BadRequest|Conflict|UnprocessableEntity)\("), "reject"),
        # a value compared with the one before it: `$song === $this->current`, `x != prev`, `== last_played`
        (r"(?:===?|!==?|\bis\b)\s*(?:\$this->|self\.|this\.|@)?(?:current|previous|prev|last)\w*\b", "consecutive"),
        # what stands in for a missing value: `a ?? b`, `.get(key, default)`, `unwrap_or`, `getOrDefault`
        (r"\?\?|\bunwrap_or\w*\(|\bgetOrDefault\(|\.get\(\s*[^,()]+,\s*[^)]+\)|\.fetch\(\s*[^,()]+,", "missing"),
        # a script that exits non-zero refuses to go on
        (r"\bexit\s+[1-9]|\bexit\([1-9]|\bsys\.exit\([1-9\"']|\bprocess\.exit\([1-9]|\bos\.Exit\([1-9]", "reject"),
        # a framework's size limit rejects what is over it
        ((r"\blimits\s*:\s*\{[^}]*\b(?:fileSize|fieldSize)\b|\bMAX_CONTENT_LENGTH\b|\bclient_max_body_size\b|"
          r"\bmaxFileSize\b|\bmax_upload_size\b|\bbodyLimit\b|\bMaxBytesReader\(|\bDATA_UPLOAD_MAX_MEMORY_SIZE\b"), "reject"),
        # a second sort key: `.then(a.at.cmp(&b.at))`, `thenComparing`, `ORDER BY score DESC, at`, `key=lambda e: (…)`
        ((r"\.then(?:Comparing\w*|By\w*|_with)?\(|\bthenBy\w*\(|\bORDER\s+BY\s+[\w.]+(?:\s+(?:ASC|DESC))?\s*,\s*\w|"
          r"\bkey\s*=\s*lambda\s+\w+\s*:\s*\("), "tiebreak"),
        # an object store keeps what is put in it, and what is put there is a file
        ((r"\.put_object\(|\.upload_file(?:obj)?\(|\.putObject\(|\bPutObject(?:Command)?\(|\.upload_from_(?:string|filename|file)\(|"
          r"\bPutObjectInput\b"), "persist"),
        ((r"\.put_object\(|\.upload_file(?:obj)?\(|\.putObject\(|\bPutObject(?:Command)?\(|\.upload_from_(?:string|filename|file)\(|"
          r"\bPutObjectInput\b"), "file"),
        # a soft delete sets a flag or a timestamp and keeps the row
        ((r"\b(?:deleted_at|deletedAt|is_deleted|isDeleted|discarded_at|deleted_on)\s*(?:[:=](?!=)|=>)\s*(?!nil\b|None\b|null\b)|"
          r"\bacts_as_paranoid\b|\buse\s+SoftDeletes\b|\bparanoid\s*:\s*true\b|\.discard!?(?:\(|\s*$)|"
          r"\b(?:self\.|this\.)?deleted\s*=\s*(?:True|true|1)\b"), "softdelete"),
        # what expires is deleted by the store itself: an S3/GCS lifecycle expiration, a TTL index, a Redis EXPIRE
        ((r"\bexpiration\s*\{|\bExpiration\s*:|\bNoncurrentVersionExpiration\b|\bexpireAfterSeconds\b|"
          r"\bttlSecondsAfterFinished\b|\bEXPIRE\b|\bSETEX\b|\.expire\(|\bsetex\("),
         "delete"),
        # a text's length bound counts its characters: `z.string().max(160)`, `max_length=`, `maxLength`, `VARCHAR(160)`
        ((r"\bstring\(\)\.(?:max|min|length)\(|\bmax_?[Ll]ength\b|\bmin_?[Ll]ength\b|\bVARCHAR\s*\(|\bCharField\(|"
          r"@Size\(|\bLength\(\s*(?:min|max)\s*="), "character"),
        # a sort by a negated flag puts those that have it first: `sortedBy { !it.vip }`, `key=lambda s: not s.vip`,
        # `ORDER BY vip DESC`; a partition lists one side before the other
        ((r"\bsort\w*\s*\{\s*(?:\w+\s*->\s*)?!|\bkey\s*=\s*lambda\s+\w+\s*:\s*(?:not\s|\(\s*not\s)|"
          r"\bsort_by\s*\{\s*\|\w+\|\s*[!(]|\bpartition\b"), "truefirst"),
        # an index is how a database finds rows fast: "looking up a member's orders by date must be fast"
        ((r"\bCREATE\s+(?:UNIQUE\s+)?INDEX\b|\badd_index\b|\bdb_index\s*=\s*True\b|\bmodels\.Index\(|@Index\b|"
          r"\.createIndex\(|\.create_index\(|\bindex\s*=\s*True\b"), "fast"),
        (r"\bCREATE\s+(?:UNIQUE\s+)?INDEX\b|\badd_index\b|\bdb_index\s*=\s*True\b|\.createIndex\(|\.create_index\(",
         "search"),
        # two intervals overlap when each starts before the other ends: `start < other.end and other.start < end`
        ((r"\b\w*(?:start|begin|from)\w*\s*<=?\s*[\w.]*(?:end|until|finish|to)\w*\s+(?:and|&&|AND)\s+"
          r"[\w.]*(?:start|begin|from)\w*\s*<=?\s*[\w.]*(?:end|until|finish|to)\w*|"
          r"\b\w*(?:end|until|finish)\w*\s*>=?\s*[\w.]*(?:start|begin|from)\w*\s+(?:and|&&|AND)\s+"
          r"[\w.]*(?:start|begin|from)\w*\s*<=?\s*[\w.]*(?:end|until|finish)\w*|\bOVERLAPS\b|\b(?:ts|tstz|date)range\b[^\n]*&&"),
         "overlap"),
        # a sequence grown at its end, or at its front
        ((r"\.append\(|\.push\(|\bpush_back\(|\.addLast\(|\.offer\(|\.enqueue\(|\bRPUSH\b|\brpush\(|"
          r"\barray_push\(|\bappend\(|\.add\((?!\s*0\s*,)"), "append"),
        (r"\.insert\(\s*0\s*,|\.unshift\(|\.appendleft\(|\bpush_front\(|\.addFirst\(|\bLPUSH\b|\blpush\(", "prepend"),
        # rounding up: `math.ceil(s / 60)`, `Math.ceil`, `(minutes + 59) / 60`, `-(-a // b)`, `.div_ceil(`
        ((r"\bceil(?:ing)?\b|\bdiv_ceil\(|\(\s*[\w.$]+\s*\+\s*(?:[\w.$]+\s*-\s*1|\d+)\s*\)\s*/{1,2}\s*[\w($]|"
          r"-\s*\(\s*-\s*[\w.$]+\s*//|\bmath\.Ceil\("), "roundup"),
        (r"\.slice\(\s*0\s*,|\.substring\(\s*0\s*,|\.substr\(\s*0\s*,|\[\s*:\s*\w+\s*\]|\btruncate\w*\(|\.take\(",
         "truncate"),
    )
)


# Idioms that live inside string literals too (format specifications).
_RAW_IDIOMS: tuple[tuple[re.Pattern[str], str], ...] = (
    # a template that renders an element only when a condition does not hold hides it when it does:
    # `{#if !pet.adopted}`, `v-if="!x"`, `*ngIf="!x"`, `{!x && <Button/>}`
    (re.compile(r"\{#if\s+!|\bv-(?:if|show)=[\"']!|\*ngIf=[\"']!|\{\s*!\s*[\w.]+\s*&&\s*<|\bhidden=\{(?!false\b)"),
     "hidden"),
    (re.compile(r":\.\d+f\b|\.toFixed\(|\bround\(|%\.\d+f\b|\{:\.\d+\}"), "decimal"),
    # a rate's window in its notation: nginx `rate=5r/s`, DRF `"5/second"`, flask-limiter `"5 per minute"`, `100/m`
    (re.compile(r"\b\d+\s*r?/s(?:ec(?:ond)?)?\b|\b\d+\s+per\s+second\b"), "second"),
    (re.compile(r"\b\d+\s*r?/m(?:in(?:ute)?)?\b|\b\d+\s+per\s+minute\b"), "minute"),
    (re.compile(r"\b\d+\s*/h(?:our)?\b|\b\d+\s+per\s+hour\b"), "hour"),
    # a currency formatter writes the currency's two decimals: Intl.NumberFormat(…, {style: "currency"}), number_to_currency
    (re.compile(r"\bstyle\s*:\s*['\"]currency['\"]|\bcurrency\s*:\s*['\"][A-Z]{3}['\"]|\bgetCurrencyInstance\(|"
                r"\bnumber_to_currency\b|\bNumberFormatter\.Style\.currency\b|\.currency\b(?=[^\n]*[Ff]ormat)|"
                r"\bformat_currency\(|\bmoney_format\("), "currencyformat"),
    # regular expressions and character tests: a digit, a space, punctuation; text replaced by nothing is removed
    (re.compile(r"\\d|\[0-9\]|\bisdigit\(|\bisnumeric\(|\bIsDigit\(|\bis_ascii_digit\(|\bis_numeric\(|\\p\{N"), "digit"),
    (re.compile(r"\\s"), "space"),
    (re.compile(r"\bisalpha\(|\[a-zA-Z\]|\[A-Za-z\]|\\p\{L|\bis_alphabetic\(|\bIsLetter\(|\bisLetter\("), "character"),
    (re.compile(r"\[\^\\w|\\W|\[\[:punct:\]\]|\bstring\.punctuation\b|\\p\{P|\bispunct\(|\bis_ascii_punctuation\("),
     "punctuation"),
    (re.compile(r"\bre\.sub\([^,\n]+,\s*r?(?:\"\"|'')|\.replace(?:All)?\([^,\n]+,\s*(?:\"\"|'')\s*\)|\btr\s+-d\b"), "delete"),
    (re.compile(r"\bid\s+-u\b|\$\{?EUID\b|\bgeteuid\(|\bgetuid\("), "rootcheck"),
    # what follows the device's settings: `@media (prefers-color-scheme: dark)`, `matchMedia(…)`
    (re.compile(r"\bprefers-(?:color-scheme|reduced-motion|contrast)\b|\bmatchMedia\(|\buseColorScheme\(|"
                r"\bAppearance\.getColorScheme\(|\bisSystemInDarkTheme\("), "systempref"),
    # a substring match: `LIKE '%' || q || '%'`, f"%{q}%", `.includes(q)`
    (re.compile(r"%\{[^}]*\}%|['\"]%['\"]\s*(?:\|\||\+)|(?:\|\||\+)\s*['\"]%['\"]|\bicontains\b|\bstrings\.Contains\(|"
                r"\.includes\(|__contains\b|\bLIKE\s+'%[^%'\n]+%'"), "partial"),
    (re.compile(r"(['\"`])(?:…|\.\.\.|\\u2026)\1|&hellip;|\+\s*(['\"`])(?:…|\.\.\.)"), "ellipsis"),
    # a date format or a date call
    (re.compile(r"%[YbBjy]\b|%m.%d|%d.%m|%H:%M|\byyyy\b|\bYYYY\b|\bdd/MM\b|\bMM/dd\b|toLocaleDateString|\bstrftime\(|"
                r"\bisoformat\(|toISOString\(|DateTimeFormatter"), "timestamp"),
    # a row of literal column names is a header; a password input masks what is typed
    (re.compile(r"\bwriterow\(\s*\[\s*[\"'][^\"']+[\"']\s*,"), "header"),
    (re.compile(r"\btype\s*=\s*[\"'{]?\s*[\"']?password\b|\bsecureTextEntry\b|\bobscureText\b"), "redact"),
    # a log rotated at midnight is rotated daily
    (re.compile(r"\bwhen\s*=\s*[\"'](?:midnight|[dD])[\"']|@daily\b"), "daily"),
    # argparse prints the version itself
    (re.compile(r"\baction\s*=\s*[\"']version[\"']|\bversion_option\b"), "version"),
    (re.compile(r"\baction\s*=\s*[\"'](?:version|help)[\"']|\bversion_option\b"), "show"),
    # an HTTP header given by its name: {"Retry-After": …}
    (re.compile(r"[\"'][A-Z][a-z]+(?:-[A-Z][A-Za-z]*)+[\"']\s*[:,]"), "header"),
)
# A comparator's operands in reverse order sort descending: `(a, b) => b.score - a.score`.
# round 12: a getter on the way (`a.updatedAt.getTime() - b.updatedAt.getTime()`)
_COMPARATOR = re.compile(r"\b([a-z])((?:\.\w+(?:\(\))?|\[[^\]]+\])*)\s*(?:-|\.localeCompare\(|\.compareTo\(|\.cmp\(|<=>)\s*&?([a-z])\2(?!\w)")


_INDEXED_LESS = re.compile(r"\b(\w+)\[i\]((?:\.\w+)*)\s*([<>])=?\s*\1\[j\]\2(?!\w)")


@lru_cache(maxsize=16384)
def idiom_concepts(code_line: str) -> frozenset[str]:
    """Concepts of what a line of code does, from its operators and idioms (string literals left out)."""
    bare = _STRING.sub('""', code_line)
    found = {concept for pattern, concept in _IDIOMS if pattern.search(bare)}
    found |= {concept for pattern, concept in _RAW_IDIOMS if pattern.search(code_line)}
    # `ls -t` lists the newest first (`-r` reverses it)
    for flags in re.findall(r"\bls\s+-(\w+)", bare):
        if "t" in flags:
            found |= {"sort", "ascending" if "r" in flags else "descending"}
    # a less function over two indexes: `rs[i].FinishTime < rs[j].FinishTime` ascending, `>` descending
    for _, _, operator in _INDEXED_LESS.findall(bare):
        found |= {"sort", "ascending" if operator == "<" else "descending"}
    for first, _, second in _COMPARATOR.findall(bare):
        if first != second:
            found |= {"sort", "descending" if first > second else "ascending"}
    if "sort" in found and not found & {"descending", "ascending"} and not re.search(r"\bkey\s*=\s*lambda[^:]*:\s*-", bare) \
            and not re.search(r"\b[Rr]everse(?:d|Order)?\b|Descending|\bdesc\b|\bDESC\b", bare):  # `Reverse(x.t)`, `compareByDescending`
        found.add("ascending")  # a sort that does not say otherwise sorts ascending
    return frozenset(found)


_CASCADE_CODE = re.compile(r"\bCASCADE\b|\bdependent:\s*:(?:destroy|delete_all)\b|\borphanRemoval\s*=\s*true\b|"
                           r"\bcascade\s*=\s*[\"'][^\"']*delete", re.IGNORECASE)


_ERREXIT = re.compile(r"^\s*set\s+(?:-[a-zA-Z]*e[a-zA-Z]*\b|-o\s+errexit\b)", re.MULTILINE)
_GUARDED = re.compile(r"\|\||&&|^\s*(?:if|elif|while|until)\s|\bthen\b|\|\s*true\b", re.MULTILINE)


def unit_idioms(code: str) -> set[str]:
    """Concepts of what a piece of code does as a whole: both a lower and an upper bound keep a value
    between; deleting in two places (or a foreign key's CASCADE) deletes what depends on a thing."""
    bare = _STRING.sub('""', code)
    found: set[str] = set()
    if re.search(r"\b(?:min|Math\.min|fmin)\(", bare) and re.search(r"\b(?:max|Math\.max|fmax)\(", bare):
        found.add("between")
    # an element skipped in a loop is left out: `if stale { continue }`, `next if r.stale?`, `if x: continue`
    if re.search(r"\bif\b[^\n]*(?:\{|:|\bthen)\s*(?:\n\s*)?(?:continue|next)\b|\bnext\s+(?:if|unless)\b", bare):
        found.add("filter")
    # a permission predicate that answers false refuses: `canRefill(...) { … return false; }`, `acceptPreorder`
    if re.search(r"\b(?:def|fun|func|function|bool|boolean|Bool)\s+(?:[Cc]an|[Mm]ay|is_?[Aa]llowed|[Aa]llows?|[Pp]ermit|[Aa]ccepts?|is_?[Aa]cceptable|is_?[Vv]alid)"
                 r"\w*\s*\(", bare) and re.search(r"\breturn\s+(?:false|False)\b", bare):
        found.add("reject")
    # a shell script under `set -e` (`set -euo pipefail`) exits non-zero when a command fails, unless the command is
    # a condition or guarded (`cmd || echo …`, `if cmd; then`, `while cmd`): errexit does not apply to those
    if _ERREXIT.search(bare) and not _GUARDED.search(bare):
        found |= {"exit", "reject", "nonzero"}
    deleting = [line for line in bare.splitlines() if "delete" in idiom_concepts(line)]
    if len(deleting) >= 2 or _CASCADE_CODE.search(bare):
        found.add("cascade")
    return found


# Code written as what it is not: `ON DELETE SET NULL` keeps the rows (only CASCADE deletes them) and
# dropping a constraint deletes no data, so neither says "delete".
_REFERENTIAL = re.compile(r"\bon[\s_]+delete\b|\bon[\s_]+update\b", re.IGNORECASE)


def code_text_for_concepts(text: str) -> str:
    """Code with the words that would mislead the concepts replaced (a foreign key's trigger)."""
    return _REFERENTIAL.sub(" fkaction ", text)


# -- date formats: DD/MM/YYYY in a criterion, %d/%m/%Y, dd/MM/yyyy or 02/01/2006 in code ------------------
_DATE_SPEC = re.compile(r"(?<![\w%])(D{1,2}|M{1,2}|Y{4}|Y{2})([/.\- ])(D{1,2}|M{1,2}|Y{4}|Y{2})\2(D{1,2}|M{1,2}|Y{4}|Y{2})(?![\w])",
                        re.IGNORECASE)
_STRFTIME = re.compile(r"%-?([demYy])([/.\- ])%-?([dmeYy])\2%-?([dmeYy])")
_GO_DATE = re.compile(r"\b(0?1|0?2|2006|06)([/.\- ])(0?1|0?2|2006|06)\2(0?1|0?2|2006|06)\b")


def _date_order(parts: tuple[str, ...], separator: str, letter: dict[str, str]) -> str | None:
    order = [letter.get(part.lower()[0] if part[0].isalpha() else part.lstrip("0") or part, "") for part in parts]
    return separator.join(order) if sorted(order) == ["d", "m", "y"] else None


def date_formats(text: str) -> set[str]:
    """The date formats a text spells, as day/month/year order and separator: "d/m/y"."""
    found: set[str] = set()
    for match in _DATE_SPEC.finditer(text):
        order = _date_order(match.group(1, 3, 4), match.group(2), {"d": "d", "m": "m", "y": "y"})
        if order:
            found.add(order)
    for match in _STRFTIME.finditer(text):
        order = _date_order(match.group(1, 3, 4), match.group(2), {"d": "d", "e": "d", "m": "m", "y": "y"})
        if order:
            found.add(order)
    for match in _GO_DATE.finditer(text):
        order = _date_order(match.group(1, 3, 4), match.group(2), {"2": "d", "1": "m", "2006": "y", "6": "y"})
        if order:
            found.add(order)
    # round 12: ISO 8601's date is year-month-day: `day.isoformat()`, `toISOString().slice(0, 10)`, ISO_LOCAL_DATE
    if _ISO_DATE.search(text):
        found.add("y-m-d")
    # a locale's short date: `toLocaleDateString('en-GB')` is 27/11/2026, 'en-US' 11/27/2026, 'de-DE' 27.11.2026
    for locale in _DATE_LOCALE.findall(text):
        found |= {order for pattern, order in _LOCALE_ORDERS if re.fullmatch(pattern, locale, re.IGNORECASE)}
    return found


_ISO_DATE = re.compile(r"\.isoformat\(\)|\btoISOString\(\)\.(?:slice|substring|substr)\(\s*0\s*,\s*10\s*\)|"
                       r"\bISO_(?:LOCAL_)?DATE\b|\.iso8601\b|\bDateOnly\b")
_DATE_LOCALE = re.compile(r"(?:toLocaleDateString|DateTimeFormat|toLocaleString)\(\s*['\"]([a-z]{2}(?:-[A-Za-z]{2})?)['\"]")
_LOCALE_ORDERS = ((r"en-(?:GB|IE|AU|NZ|IN|NG|ZA)|fr-FR|es-ES|it-IT|pt-BR", "d/m/y"), (r"en-US|en", "m/d/y"),
                  (r"de(?:-DE|-AT|-CH)?|ru-RU|pl-PL|fi-FI|nb-NO|da-DK", "d.m.y"), (r"en-CA|sv-SE|lt-LT", "y-m-d"),
                  (r"nl-NL", "d-m-y"))


# -- cron schedules: "0 9 * * 1" runs weekly, on Mondays, at 9 ----------------------------------------------
_CRON = re.compile(r"(?<![\w*/,-])([\d*/,-]+)\s+([\d*/,-]+)\s+([\d*/,?LW-]+)\s+([\d*/,-]+|[A-Za-z]{3})\s+"
                   r"([\d*/,-]+|[A-Za-z]{3}(?:-[A-Za-z]{3})?)(?![\w*/,-])")
_WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]


def cron_periods(text: str) -> set[int]:
    """The periods, in seconds, of cron schedules that step through minutes or hours (`*/15 * * * *`: 900)."""
    found: set[int] = set()
    for line in text.splitlines():
        if not re.search(r"cron|schedule", line, re.IGNORECASE):
            continue
        for minute, hour, day, _month, weekday in _CRON.findall(line):
            if day not in ("*", "?") or weekday not in ("*", "?"):
                continue
            if (step := re.fullmatch(r"\*/(\d+)", minute)) and hour == "*":
                found.add(int(step.group(1)) * 60)
            elif (step := re.fullmatch(r"\*/(\d+)", hour)) and minute.isdigit():
                found.add(int(step.group(1)) * 3600)
    return found


def cron_concepts(text: str) -> set[str]:
    """What the cron schedules of a text say: weekly, daily, hourly, monthly and the weekdays they name."""
    found: set[str] = set()
    for line in text.splitlines():
        if not re.search(r"cron|schedule", line, re.IGNORECASE):
            continue
        for _minute, hour, day, _month, weekday in _CRON.findall(line):
            if weekday not in ("*", "?"):
                found.add("weekly")
                for part in re.split(r"[,]", weekday):
                    ends = part.split("-")
                    if all(e.isdigit() for e in ends):
                        numbers = range(int(ends[0]), int(ends[-1]) + 1)
                        found.update(_WEEKDAYS[n % 7] for n in numbers)
                    else:
                        found.update(d for d in _WEEKDAYS if d[:3] in {e.lower() for e in ends})
            elif day not in ("*", "?"):
                found.add("monthly")
            elif hour == "*" and not _minute.startswith("*"):
                found.add("hourly")  # `*/15 * * * *` runs every 15 minutes, not hourly
            else:
                found.add("daily")
    return found


# round 16: a query leaves rows out by what it does not match: `WHERE NOT EXISTS (…)`, `NOT IN (…)`, `IS NULL`,
# `<>`/`!=` — written in the query's string, which the negation reading of a line otherwise blanks as prose
_QUERY = re.compile(r"""(['"`])(?=[^'"`]*\b(?:WHERE|AND|OR|HAVING)\b)([^'"`]*)\1""", re.IGNORECASE)
_QUERY_NEGATION = re.compile(r"\bNOT\s+(?:EXISTS|IN|LIKE|BETWEEN)\b|\bIS\s+NULL\b|<>|!=", re.IGNORECASE)


def query_negations(line: str) -> set[str]:
    """The ways an SQL query written in the line's strings leaves rows out ("not exists", "is null", "<>")."""
    return {" ".join(m.group(0).lower().split()) for q in _QUERY.finditer(line) for m in _QUERY_NEGATION.finditer(q.group(2))}
