"""The labelled conversations, by class. A turn is (role, text); ("call", name, args) and
("result", text) are a tool call and its result. Hard cases are marked "hard:" in the note."""

from passages import (ARTICLE_HEAT, ARTICLE_SLEEP, CHAT_FRIEND, EMAIL_OFFSITE, LOG_DEPLOY,
                      PAPER_ABSTRACT, POLICY_REMOTE, REPORT_Q3, REVIEW_HEADPHONES,
                      STORY_LIGHTHOUSE, TRANSCRIPT_STANDUP)


def ask(note, text, **kw):
    return dict(note=note, turns=[("user", text)], **kw)


def talk(note, turns, **kw):
    return dict(note=note, turns=turns, **kw)


FRIENDLY = "You are a friendly, upbeat assistant. Keep answers short."
HELPER = "You are a helpful assistant."

CHIT_CHAT = [
    ask("greeting", "hi there!"),
    ask("greeting with question", "Hey, how's your day going?"),
    ask("thanks", "thanks so much, that was really helpful :)", system=FRIENDLY),
    ask("joke request", "tell me a joke about cats"),
    ask("book recommendation", "Can you recommend a few good sci-fi novels for a long flight?"),
    ask("trivia", "What's the capital of Australia?"),
    ask("trivia 2", "who painted the mona lisa"),
    ask("opinion", "Do you think autumn or spring is the nicer season?", system=FRIENDLY),
    ask("weekend plans", "I have a free Saturday in Amsterdam, what would you do?"),
    ask("feelings", "I'm feeling a bit down today, nothing serious, just tired of the rain."),
    ask("recipe idea", "what should I cook tonight? I have eggs, spinach and some feta"),
    ask("movie", "Have you heard of the movie Arrival? I watched it yesterday and loved it."),
    ask("name ideas", "We're getting a kitten! Any cute name ideas for a grey one?"),
    ask("fun fact", "Tell me a fun fact about octopuses"),
    ask("travel chat", "I'm going to Japan in April for the cherry blossoms. So excited!!"),
    ask("good morning", "good morning :) ready for another week"),
    ask("hard: long friendly turn", CHAT_FRIEND, system=FRIENDLY),
    ask("hard: long friendly turn with question",
        CHAT_FRIEND + " Have you ever been to a lake like that? What's your idea of a perfect "
        "weekend?"),
    talk("hard: long chit-chat, several turns", [
        ("user", "I just got back from visiting my grandmother in the countryside. She's 92 and "
         "still gardens every single morning, she grows tomatoes, beans, and these huge dahlias "
         "that win prizes at the village show every year."),
        ("assistant", "That sounds wonderful! 92 and still winning prizes is impressive. What "
         "colour are her dahlias?"),
        ("user", "Mostly deep red and a kind of peachy orange. She told me the secret is talking "
         "to them every day and giving them coffee grounds, which I'm not sure is science but "
         "they're definitely the best in the village. We spent the afternoon drinking tea in the "
         "garden and she told stories about when she was a teacher in the fifties, riding a "
         "bicycle five miles to the school in all weathers."),
        ("assistant", "What lovely stories. Coffee grounds are actually popular with gardeners!"),
        ("user", "Ha, then she was right all along. Anyway it made me think I should visit more "
         "often, it was really relaxing and I came back feeling like a different person. Do you "
         "think it's normal to feel a bit sad after leaving a place like that?"),
    ], system=FRIENDLY),
    talk("hard: long chit-chat about a hobby", [
        ("user", "I started learning the cello last autumn, at 41! Everyone said I was crazy. "
         "The first months were painful, my fingers hurt and everything I played sounded like a "
         "door creaking, but I practised twenty minutes every evening after the kids went to bed."),
        ("assistant", "That's brilliant, it's never too late. How is it going now?"),
        ("user", "Much better, I can play a simple version of the Bach prelude now, slowly, and "
         "last week my teacher said my bowing finally sounds relaxed. My daughter even asked me "
         "to play at her birthday, which I'm terrified about but also kind of proud. I keep "
         "imagining all the ways it could go wrong, but I guess that's part of the fun."),
    ]),
    talk("hard: long chit-chat about a trip", [
        ("user", "We finally did the road trip along the coast we had been planning for years. "
         "Ten days, a tiny rented camper van, two adults, one teenager who refused to put down "
         "his phone for the first three days."),
        ("assistant", "Ten days in a camper van, that's an adventure! Did the teenager come "
         "around?"),
        ("user", "He did, on day four we found this beach with huge waves and he spent the whole "
         "afternoon bodyboarding, and after that he was the one waking us up to go see the "
         "sunrise. We ate fish and chips on the harbour wall almost every night, saw dolphins "
         "once, and got gloriously lost on a single-track road with sheep everywhere. I already "
         "miss it."),
    ]),
    talk("hard: last turn becomes small talk after code", [
        ("user", "How do I undo the last commit in git but keep my changes?"),
        ("assistant", "Use `git reset --soft HEAD~1`: the commit is undone and the changes stay "
         "staged."),
        ("user", "perfect, that worked! thank you, have a great weekend"),
    ]),
    talk("hard: small talk after a summary", [
        ("user", "Summarise this for me please: " + ARTICLE_SLEEP),
        ("assistant", "Sleep clears waste from the brain, helps memory, and too little of it is "
         "linked to several diseases; adults need seven to nine hours."),
        ("user", "Interesting. I'm definitely not getting enough, I was up until 1am again :)"),
    ]),
    ask("compliment", "you're honestly the best, I love chatting with you"),
    ask("what are you", "are you a robot or a person?"),
    ask("weather chat", "It's so hot here today, 35 degrees! How do people live like this?"),
    ask("sports", "Did you watch the final last night? What a match"),
    ask("gift idea", "any ideas for a birthday present for my dad? he likes fishing and jazz"),
    ask("music", "what kind of music do you like?"),
    ask("animal question", "why do cats purr?"),
    ask("plan a party", "I'm throwing a small dinner party for six friends on Friday, any "
        "suggestions for a relaxed menu?", parts=True),
    ask("pet story", "My dog just stole a whole baguette off the kitchen table and looked so "
        "proud of himself, I couldn't even be mad"),
    ask("language chat", "How do you say 'good night' in Italian?"),
    ask("bored", "I'm bored. Talk to me about something interesting"),
    ask("motivation", "Give me some motivation to go to the gym tonight, I really don't want to"),
    ask("goodbye", "ok I have to go now, bye!"),
    ask("childhood memory", "Do you remember the smell of rain on hot pavement? It always makes "
        "me think of summer holidays at my grandparents' when I was a kid."),
    ask("favourite food", "What's your favourite food? Mine is definitely ramen."),
    ask("birthday", "It's my birthday today 🎉"),
    ask("advice casual", "Should I get bangs? I've been thinking about it for weeks lol"),
    ask("history trivia", "When did the Berlin Wall fall?"),
]

EXTRACTION = [
    ask("names, dates from email, no format", "Extract every person's name, email address and "
        "date mentioned in this email:\n\n" + EMAIL_OFFSITE),
    ask("email fields as json schema", "Get the venue city, dates, budget and the contact for "
        "dietary requirements from this email.\n\n" + EMAIL_OFFSITE,
        json={"type": "object", "properties": {"city": {"type": "string"},
                                               "dates": {"type": "string"},
                                               "budget_eur": {"type": "number"},
                                               "contact": {"type": "string"}}}),
    ask("hard: fields without cue words, with json_object", "Who is organising this and by when "
        "do they need answers?\n\n" + EMAIL_OFFSITE, json=True),
    ask("review sentiment", "Classify the sentiment of this review as positive, negative or "
        "mixed, and list the aspects mentioned:\n" + REVIEW_HEADPHONES),
    ask("review aspects as json", "Return JSON with keys pros and cons for this review.\n"
        + REVIEW_HEADPHONES, json=True),
    ask("invoice fields", "Invoice no. 2024-0193, issued 3 March 2024 by Blue Harbor Supplies "
        "Ltd, 14 Dock Road, Bristol. Bill to: Oakfield Cafe. 12 x coffee beans 1kg at 18.50, "
        "4 x milk frother at 32.00. Subtotal 350.00, VAT 20% 70.00, total due 420.00 by 2 April.\n"
        "Extract invoice number, issue date, supplier, total and due date.",
        json={"type": "object", "properties": {"number": {"type": "string"},
                                               "issued": {"type": "string"},
                                               "supplier": {"type": "string"},
                                               "total": {"type": "number"},
                                               "due": {"type": "string"}}}),
    ask("hard: invoice question without cue", "Invoice no. 2024-0193, issued 3 March 2024 by Blue "
        "Harbor Supplies Ltd. Subtotal 350.00, VAT 70.00, total due 420.00 by 2 April. Customer "
        "reference OC-77.\nWhat's the invoice number, the total and the due date? Just the "
        "values please."),
    ask("contacts from signature", "Pull out the name, job title, phone and email from this "
        "signature: 'Best regards, Dr. Karin Holm | Head of Research | Nordlys Labs | "
        "+47 22 33 44 55 | karin.holm@nordlys.no'"),
    ask("entities from article", "List all organisations and places named in this text:\n"
        + ARTICLE_HEAT),
    ask("meeting action items", "From this standup transcript, extract the action items with "
        "owner and deadline, one per line as owner | task | deadline.\n\n" + TRANSCRIPT_STANDUP),
    ask("log errors", "Find all ERROR and WARN lines in this log and give me the pod name and "
        "reason for each:\n" + LOG_DEPLOY),
    ask("address parse", "Parse this address into street, number, postcode, city, country: "
        "'Rua Augusta 274, 1100-053 Lisboa, Portugal'", json=True),
    ask("tagging tickets", "Tag each support ticket with one of billing, bug, feature_request, "
        "account:\n1. I was charged twice this month\n2. The export button does nothing on "
        "Safari\n3. Could you add dark mode?\n4. I can't change my email address"),
    ask("hard: product attributes no cue", "From the description below I need brand, model, "
        "colour, capacity and price only.\n\n'The new Aurora X2 kettle by Helmsford, in matte "
        "sage green, holds 1.7 litres and boils in under three minutes. Now 49.99 (was 64.99).'"),
    ask("citation fields", "For each reference give author, year, title and journal as CSV:\n"
        "Smith, J. (2019). Urban heat islands and health. Journal of Public Health, 41(2).\n"
        "Okafor, N. & Lee, S. (2021). Cooling centres in practice. Climate Policy, 12(7).",
        parts=True),
    ask("dates from policy", "What are all the numeric limits in this policy (days, amounts, "
        "months)? Give them as a list of label: value.\n" + POLICY_REMOTE),
    ask("resume fields json", "Extract name, years of experience, current employer, skills "
        "(array) from this CV summary: 'Marta Nowak, data engineer with 7 years of experience, "
        "currently at Lumen Analytics in Warsaw. Skills: Python, Airflow, Spark, dbt, Postgres.'",
        json={"type": "object", "properties": {"name": {"type": "string"},
                                               "years": {"type": "integer"},
                                               "employer": {"type": "string"},
                                               "skills": {"type": "array"}}}),
    ask("intent classification", "Classify the user's intent into one of: book_flight, "
        "cancel_booking, baggage_question, other. Message: 'hi, my bag didn't arrive in "
        "Frankfurt, what do I do'", system="You are a routing classifier. Answer with the label "
        "only."),
    ask("language detection", "Which language is each line in? Answer as line number: language "
        "code.\n1. Ich komme morgen.\n2. Je ne sais pas.\n3. Dov'è la stazione?\n4. Hvor er "
        "toget?"),
    ask("phone numbers", "pull out all phone numbers from: call the office on 020 7946 0018 or "
        "my mobile 07700 900461, fax is 020 7946 0999"),
    ask("recipe ingredients", "Give me just the ingredient list with quantities from this "
        "recipe text, as a table: 'Whisk 3 eggs with 200 ml milk and 120 g flour, add a pinch of "
        "salt, rest for 30 minutes, then fry in 1 tbsp butter.'"),
    ask("form filling json", "Fill in this JSON template from the message. Template: "
        "{\"name\": \"\", \"arrival\": \"\", \"nights\": 0, \"guests\": 0}. Message: 'Hi, it's "
        "Tom Reyes, we arrive on the 12th of June, staying 4 nights, 2 adults and a child.'",
        json=True),
    ask("report figures", "Extract revenue, growth, margin, cash and guidance from this text "
        "into a table.\n\n" + REPORT_Q3),
    ask("hard: report figures as json schema, no cue", "Quarter figures please.\n\n" + REPORT_Q3,
        json={"type": "object", "properties": {"revenue_m": {"type": "number"},
                                               "growth_pct": {"type": "number"},
                                               "cash_m": {"type": "number"}}}),
    ask("keywords", "Give me 5 keywords for this abstract, comma separated:\n" + PAPER_ABSTRACT),
    ask("PII detection", "Does this text contain personal data? List every piece with its "
        "type (name, email, phone, address): 'Contact Jonas at jonas@example.org or drop by "
        "Kastanienallee 12, Berlin.'"),
    talk("multi-turn: last turn asks for fields", [
        ("user", "I'm organising the offsite, here's the email I sent: " + EMAIL_OFFSITE),
        ("assistant", "Looks clear and friendly! Anything you want to do with it?"),
        ("user", "Yes: pull out every deadline and who it applies to, as a list."),
    ]),
    talk("multi-turn chit-chat then extraction", [
        ("user", "Morning! Busy day of admin ahead."),
        ("assistant", "Good morning! Happy to help with the admin."),
        ("user", "Extract the order number and the delivery date from this: 'Your order "
         "#A-55812 has shipped and will arrive on Thursday 18 July.'"),
    ]),
    ask("table to json", "Convert this into JSON objects with fields city, country, "
        "population:\nTokyo, Japan, 37.4m\nDelhi, India, 31.0m\nShanghai, China, 27.1m",
        json=True),
    ask("spam labels", "Label each message spam or not_spam:\n- 'You WON a free cruise!!! "
        "click here'\n- 'Can we move our call to 3pm?'\n- 'Final notice: your account will be "
        "suspended, verify now'"),
    ask("topic tags", "Give this article up to three topic tags from: health, politics, climate, "
        "economy, culture.\n" + ARTICLE_HEAT, system="Answer with tags only."),
    ask("hard: yes/no fields", "From this policy, answer with yes or no for each: can I work "
        "abroad? is there an internet allowance? is there a probation condition?\n"
        + POLICY_REMOTE),
    ask("structured event", "Turn this into an event record (title, date, time, location): "
        "'Team dinner next Friday 7:30pm at Casa Lupo on Via Roma'", json=True),
    ask("named entities json", "Identify persons, organisations and locations in: 'Satya "
        "Nadella visited the Microsoft office in Munich with Mayor Dieter Reiter.' Output "
        "entities as JSON.", json={"type": "object", "properties": {
            "persons": {"type": "array"}, "organisations": {"type": "array"},
            "locations": {"type": "array"}}}),
    ask("extract quotes", "Extract the direct quotes and who said them from: 'We will not raise "
        "prices this year,' the CEO said. Analysts were sceptical. 'It depends on the currency,' "
        "added CFO Ruth Adler."),
    ask("normalise dates", "Normalise these dates to ISO format: 'March 3rd 2024', '03/04/24 "
        "(UK)', 'the 5th of May, 2023', '2023.12.01'"),
    ask("medical fields", "From the note extract medication, dose and frequency: 'Patient to "
        "continue metformin 500 mg twice daily and start atorvastatin 20 mg once at night.'",
        json=True),
    ask("hard: which products, no cue", "Which products and quantities does this customer "
        "want? 'Hi, I'd like two of the large oak shelves, one bedside table in white and four "
        "packs of the brass hooks please.'"),
    ask("job posting fields", "Extract the job title, location, salary range and required "
        "skills from this posting: 'Senior Backend Engineer (Remote, EU). 75-95k EUR. You know "
        "Go or Rust, Postgres, and Kubernetes.'", parts=True),
    ask("hard: extraction request mentioning code words", "From this stack overflow question "
        "title list, extract only the programming languages mentioned, deduplicated:\n"
        "- How to sort a dict by value in Python\n- Java stream groupingBy example\n"
        "- Python list comprehension with if else"),
]

SUMMARISATION = [
    ask("summarise article", "Summarise this article in three sentences:\n\n" + ARTICLE_HEAT),
    ask("tl;dr", "tl;dr please\n\n" + ARTICLE_SLEEP),
    ask("key points standup", "What are the key points from this standup?\n\n"
        + TRANSCRIPT_STANDUP),
    ask("summarize email", "Can you summarize this email for my manager in two lines?\n\n"
        + EMAIL_OFFSITE),
    ask("bullet summary report", "Give me a bullet-point summary of these quarterly results.\n\n"
        + REPORT_Q3),
    ask("story synopsis", "Write a short synopsis of this story:\n\n" + STORY_LIGHTHOUSE),
    ask("hard: what is this about", "What is this text about, briefly?\n\n" + ARTICLE_SLEEP),
    ask("hard: make it shorter", "Make this much shorter, max 50 words:\n\n" + POLICY_REMOTE),
    ask("abstract one line", "Summarise this abstract in one line for a newsletter:\n"
        + PAPER_ABSTRACT),
    ask("review gist", "Give me the gist of this review:\n" + REVIEW_HEADPHONES),
    ask("condense transcript", "Condense this meeting transcript into a few sentences.\n\n"
        + TRANSCRIPT_STANDUP, system="You write crisp meeting notes."),
    ask("main takeaways report", "What are the main takeaways for an investor?\n\n" + REPORT_Q3),
    ask("hard: explain to a child", "Explain this to a ten year old in a short paragraph:\n\n"
        + ARTICLE_HEAT),
    ask("recap log", "Recap what happened in this deploy log:\n" + LOG_DEPLOY),
    ask("summary for slack", "I need a short summary of this policy I can post on Slack.\n\n"
        + POLICY_REMOTE, parts=True),
    ask("hard: headline", "Write a one-sentence headline capturing this:\n\n" + ARTICLE_HEAT),
    ask("summarise two texts", "Summarise both texts and say what they have in common:\n\n"
        "TEXT 1: " + ARTICLE_SLEEP + "\n\nTEXT 2: " + ARTICLE_HEAT),
    ask("key points policy", "key points of this please:\n" + POLICY_REMOTE),
    ask("boil down", "Boil this down to the essentials:\n\n" + REPORT_Q3),
    ask("summary for executives", "Write an executive summary (max 5 bullets) of:\n\n"
        + REPORT_Q3 + "\n\n" + TRANSCRIPT_STANDUP),
    ask("in a nutshell", "In a nutshell, what does this paper claim?\n" + PAPER_ABSTRACT),
    ask("summarise story", "summarize this story in 2 sentences\n" + STORY_LIGHTHOUSE),
    ask("hard: short version", "Can you give me a short version of this that I can read out "
        "loud in 30 seconds?\n\n" + ARTICLE_SLEEP),
    talk("multi-turn: chit-chat then summary", [
        ("user", "Hey! Long day at work, lots of reading."),
        ("assistant", "Sounds tiring! Anything I can help with?"),
        ("user", "Yes actually, summarise this report for me:\n\n" + REPORT_Q3),
    ]),
    talk("multi-turn: extraction then summary", [
        ("user", "Extract all dates from this email: " + EMAIL_OFFSITE),
        ("assistant", "14-16 May (offsite), 13 May (train), Friday 25 April (dietary "
         "requirements), end of the month (visa letters)."),
        ("user", "Thanks. Now summarise the email in two sentences for the team channel."),
    ]),
    talk("multi-turn: code then summary of thread", [
        ("user", "Here's our incident channel export:\n" + LOG_DEPLOY + "\nSRE: OOM again on "
         "build 4812, rolled back. Dev: the new cache preloads everything at start. SRE: please "
         "cap it. Dev: will do, patch tomorrow."),
        ("assistant", "Got it. What would you like me to do with it?"),
        ("user", "Summarize the incident for the weekly report: what happened, impact, fix."),
    ]),
    ask("summarise with word limit", "Summarise in under 40 words:\n\n" + STORY_LIGHTHOUSE),
    ask("tldr messages", "TLDR of this thread?\n\n" + TRANSCRIPT_STANDUP),
    ask("summary in german", "Fasse diesen Text bitte auf Deutsch zusammen (summary in "
        "German):\n\n" + ARTICLE_HEAT),
    ask("hard: what did they decide", "What did they decide in this meeting?\n\n"
        + TRANSCRIPT_STANDUP),
    ask("summarise pasted article long", "Please summarise:\n\n" + ARTICLE_SLEEP + "\n\n"
        + ARTICLE_HEAT + "\n\n" + POLICY_REMOTE),
    ask("main points review", "main points of this review in 3 bullets?\n\n" + REVIEW_HEADPHONES),
    ask("abstract rewrite shorter", "Shorten this abstract to about half its length:\n"
        + PAPER_ABSTRACT),
    ask("summary of chapter", "Summarise this chapter of my novel for my editor:\n\n"
        + STORY_LIGHTHOUSE + "\n\n" + STORY_LIGHTHOUSE.replace("lighthouse keeper", "old man"),
        system="You are an editorial assistant."),
    ask("recap for absent colleague", "My colleague missed the standup, can you recap it for "
        "her?\n\n" + TRANSCRIPT_STANDUP),
    ask("hard: overview of report", "Give me a quick overview of this:\n\n" + REPORT_Q3),
    ask("summarize log", "Summarize this log in plain English:\n" + LOG_DEPLOY),
    ask("one paragraph summary", "One paragraph summary of this policy please:\n"
        + POLICY_REMOTE),
    ask("sum up", "Can you sum up this article?\n\n" + ARTICLE_HEAT),
    ask("hard: notes to short brief", "Turn these notes into a brief for my boss:\n\n"
        + TRANSCRIPT_STANDUP + "\n" + EMAIL_OFFSITE),
]

CODE = [
    ask("hard: short code question, no fence", "how do I reverse a list in python?"),
    ask("hard: short js question", "what's the difference between let and const in JS"),
    ask("hard: short sql question", "how to select the top 5 rows per group in postgres"),
    ask("hard: short git question", "how do i rename a branch in git"),
    ask("hard: short css question", "how to center a div horizontally and vertically"),
    ask("hard: bash one-liner", "bash one liner to count lines in all .txt files in a folder"),
    ask("hard: short rust question", "Why does rust complain about borrowing a value twice "
        "as mutable?"),
    ask("hard: regex question", "regex for a uk postcode?"),
    ask("write function", "Write a Python function that checks whether a string is a "
        "palindrome, ignoring spaces and case."),
    ask("fenced bug fix", "This throws an IndexError, why?\n```python\ndef last(xs):\n    "
        "return xs[len(xs)]\n```"),
    ask("fenced js", "Can you refactor this to async/await?\n```js\nfetch(url).then(r => "
        "r.json()).then(data => {\n  render(data);\n}).catch(err => console.error(err));\n```"),
    ask("traceback", "Traceback (most recent call last):\n  File \"app.py\", line 12, in "
        "<module>\n    main()\n  File \"app.py\", line 8, in main\n    total = sum(prices) / "
        "len(prices)\nZeroDivisionError: division by zero\n\nwhat's wrong?"),
    ask("cpp compile error", "error: no matching function for call to 'std::vector<int>::"
        "push_back(const char [4])' -- what does this mean?"),
    ask("unfenced snippet", "why does this print undefined?\n\nfunction greet(name) {\n  "
        "console.log('hi ' + name);\n}\nconst x = greet('bob');\nconsole.log(x);"),
    ask("sql query write", "Write a SQL query that returns customers who placed more than 3 "
        "orders in 2023, with their total spend.", system=HELPER),
    ask("docker", "My docker container exits immediately after start, how do I debug it?"),
    ask("kubernetes yaml", "Write a Kubernetes deployment for an nginx image with 3 replicas "
        "and a readiness probe."),
    ask("unit test", "Write unit tests with pytest for this function:\n```python\ndef "
        "slugify(s):\n    return '-'.join(s.lower().split())\n```", parts=True),
    ask("explain code", "What does this do?\n```c\nwhile (*d++ = *s++);\n```"),
    ask("code review", "Please review this Go handler for bugs:\n```go\nfunc handler(w "
        "http.ResponseWriter, r *http.Request) {\n    id := r.URL.Query().Get(\"id\")\n    "
        "row := db.QueryRow(\"SELECT name FROM users WHERE id=\" + id)\n    var name string\n"
        "    row.Scan(&name)\n    fmt.Fprintf(w, name)\n}\n```"),
    ask("hard: pandas question", "how can I drop rows with NaN in only one column in pandas?"),
    ask("hard: python dates", "convert a string like 2024-03-01T10:00:00Z to a datetime in "
        "python"),
    ask("algorithm implement", "Implement binary search in Java and explain its complexity."),
    ask("shell script", "write a shell script that backs up /var/www to a dated tar.gz every "
        "night"),
    ask("react question", "In React, why is my useEffect running twice on mount?"),
    ask("hard: typescript types", "How do I type a function that takes either a string or an "
        "array of strings in TypeScript?"),
    talk("multi-turn: chit-chat then code", [
        ("user", "hi! hope you're well"),
        ("assistant", "Hi! I'm doing great, how can I help?"),
        ("user", "I need a quick python script that renames all .jpeg files in a folder to "
         ".jpg"),
    ]),
    talk("multi-turn code follow-up without code words", [
        ("user", "Write a function in JavaScript that debounces another function."),
        ("assistant", "```js\nfunction debounce(fn, ms) {\n  let t;\n  return (...args) => {\n"
         "    clearTimeout(t);\n    t = setTimeout(() => fn(...args), ms);\n  };\n}\n```"),
        ("user", "nice, can you add a leading-edge option to it?"),
    ]),
    talk("multi-turn: summary then code", [
        ("user", "Summarise this log: " + LOG_DEPLOY),
        ("assistant", "Build 4812 crashed with out-of-memory errors and was rolled back to "
         "4809."),
        ("user", "How do I set a memory limit of 512Mi on that pod in the deployment yaml?"),
    ]),
    ask("error in cmake", "CMake Error: Could not find a package configuration file provided "
        "by \"Qt6\" -- how do I fix this?"),
    ask("hard: excel formula", "excel formula to sum column B where column A equals 'paid'"),
    ask("hard: vim", "how do I search and replace across the whole file in vim"),
    ask("api usage", "How do I call the GitHub REST API from Node to list my repos, with a "
        "token?"),
    ask("fenced html", "Why isn't my button centered?\n```html\n<div class=\"wrap\"><button>Go"
        "</button></div>\n```\n```css\n.wrap { display: flex; justify-content: center; }\n```"),
    ask("performance question", "My Python loop over 10 million rows is slow, how can I "
        "vectorise it with numpy?"),
    ask("code in messages with system", "Convert this Python 2 code to Python 3:\n\nprint "
        "'hello'\nd = {}\nif d.has_key('a'):\n    print d['a']",
        system="You are an expert software engineer."),
    ask("hard: error message only", "ModuleNotFoundError: No module named 'requests'"),
    ask("hard: short java question", "difference between an interface and an abstract class "
        "in java?"),
    ask("write class", "Write a C++ class for a thread-safe queue using a mutex and a "
        "condition variable."),
    ask("hard: regex explain", "what does ^(?=.*\\d)(?=.*[a-z]).{8,}$ match?"),
    ask("stream code", "Write a Rust function that reads a file line by line and counts "
        "words.", stream=True),
    ask("hard: linux permissions", "how do I make a file executable on linux"),
]

REASONING = [
    ask("train word problem", "A train leaves Lyon at 9:40 travelling at 180 km/h. Another "
        "leaves Paris, 460 km away, at 10:05 travelling towards Lyon at 220 km/h. At what time "
        "do they meet?"),
    ask("age puzzle", "Anna is twice as old as Ben was when Anna was as old as Ben is now. "
        "Their ages add up to 63. How old is each?"),
    ask("probability dice", "What is the probability of rolling at least one six in four "
        "throws of a fair die?"),
    ask("logic puzzle", "Three boxes are labelled apples, oranges and mixed, and every label is "
        "wrong. You may take one fruit from one box. How do you relabel them correctly?"),
    ask("proof", "Prove that the square root of 2 is irrational."),
    ask("step by step math", "Solve step by step: 3x + 7 = 2(x - 4) + 15"),
    ask("percentage", "A jacket costs 120 after a 25% discount. What was the original "
        "price?"),
    ask("fermi estimate", "Estimate how many piano tuners there are in Chicago. Show your "
        "reasoning."),
    ask("decision pros cons", "I have two job offers: one pays 15% more but has a 90 minute "
        "commute, the other is remote with less growth. Walk me through the pros and cons and "
        "what you'd weigh most."),
    ask("hard: comparison logic", "Maria is taller than Joe. Joe is taller than Sam but shorter "
        "than Lia. Lia is shorter than Maria. Who is the second tallest?"),
    ask("hard: scheduling constraints", "Five people need 30-minute slots between 9 and 12. "
        "Ana can't before 10, Ben only before 10:30, Carl after Ana, Dee not next to Ben, and "
        "Eve last. Find a valid order."),
    ask("monty hall", "In the Monty Hall problem, why is switching better? I keep thinking it's "
        "50/50."),
    ask("interest", "If I invest 5,000 at 4% compounded annually, how much will I have after "
        "12 years?"),
    ask("rate problem", "Two pipes fill a tank in 6 and 9 hours; a drain empties it in 12 "
        "hours. With all three open, how long to fill it?"),
    ask("hard: riddle", "I speak without a mouth and hear without ears. I have no body, but I "
        "come alive with wind. What am I? Explain how you got there."),
    ask("calculus", "Find the derivative of x^3 * ln(x) and the point where it equals zero."),
    ask("statistics", "My A/B test had 2.1% conversion on 4,000 visitors for A and 2.6% on "
        "3,900 for B. Is the difference significant? Explain."),
    ask("knights knaves", "On an island knights always tell the truth and knaves always lie. A "
        "says 'B is a knave'. B says 'A and I are the same kind'. What are A and B?"),
    ask("hard: why question needing reasoning", "If a plane weighs 80 tonnes, why doesn't "
        "doubling its speed double the lift? Think it through."),
    ask("budget reasoning", "We have 12,000 for marketing. Channel A returns 3 customers per "
        "1,000, channel B 5 per 1,000 but caps at 4,000 spend. How should we split it to "
        "maximise customers?"),
    ask("combinatorics", "How many ways can 8 people sit at a round table if two of them "
        "refuse to sit next to each other?"),
    ask("hard: everyday reasoning", "If I leave home at 8:10, walk 12 minutes to the station, "
        "the train takes 34 minutes and I need 8 minutes from the station to the office, will I "
        "make a 9:00 meeting?"),
    talk("multi-turn: chit-chat then puzzle", [
        ("user", "hey, I'm at a pub quiz tonight!"),
        ("assistant", "Fun! Good luck, want to warm up?"),
        ("user", "Yes: a bat and a ball cost 1.10 in total. The bat costs 1.00 more than the "
         "ball. How much does the ball cost? explain"),
    ]),
    talk("multi-turn: summary then reasoning about it", [
        ("user", "Summarise: " + REPORT_Q3),
        ("assistant", "Revenue up 12% to 48.2m, subscriptions 61% of sales, margin 54%, Q4 "
         "guidance 50-52m, 15m buyback."),
        ("user", "If Q4 lands in the middle of guidance and currency knocks off 2 points, what "
         "growth rate does that imply versus last year's Q4 of 44m? Show the calculation."),
    ]),
    ask("physics", "A ball is thrown upwards at 15 m/s. How high does it go and when does it "
        "land? Use g = 9.8."),
    ask("unit conversion reasoning", "A recipe for 4 needs 300 g flour and 2 eggs. I have 500 g "
        "flour and 3 eggs. What's the largest number of people I can cook for?"),
    ask("hard: logic without digits", "All bloops are razzies and all razzies are lazzies. Are "
        "all bloops definitely lazzies? And are all lazzies bloops?"),
    ask("game theory", "Two players each pick a number from 0 to 100; the one closest to 2/3 "
        "of the average wins. What should a rational player pick and why?"),
    ask("hard: argument analysis", "Is this argument valid? 'If it rains the match is "
        "cancelled. The match was cancelled. Therefore it rained.' Explain the flaw if any."),
    ask("sequence", "What comes next: 2, 6, 12, 20, 30, ? Explain the pattern."),
    ask("optimal route", "I need to visit the bank, the post office and the pharmacy. Bank to "
        "post is 4 km, post to pharmacy 3 km, bank to pharmacy 6 km, home is 2 km from each. "
        "What's the shortest round trip?"),
    ask("hard: moral dilemma reasoning", "Think carefully: is it ever rational to buy a lottery "
        "ticket if the expected value is negative? Consider utility, not just money."),
    ask("tax calc", "I earn 52,000 a year. Tax is 0% up to 12,570, 20% up to 50,270 and 40% "
        "above. How much tax do I pay? Show each band."),
    ask("chess reasoning", "In chess, can a king and a single knight force checkmate against a "
        "lone king? Reason it out."),
    ask("hard: planning with reasoning", "We're 4 friends sharing a 3-bedroom flat where one "
        "room is twice as big. Rent is 2,400. What's a fair way to split it? Justify."),
    ask("geometry", "A ladder 5 m long leans against a wall with its foot 3 m from the wall. If "
        "the foot slips 1 m further out, how far does the top slide down?"),
    ask("probability cards", "What's the probability that two cards drawn without replacement "
        "from a standard deck are both hearts?", system=HELPER),
    ask("hard: big o reasoning", "Without writing code: if an algorithm takes 2 seconds for "
        "1,000 items and is quadratic, roughly how long for 50,000 items?"),
    ask("river crossing", "A farmer must cross a river with a wolf, a goat and a cabbage; the "
        "boat holds him and one item. How does he do it? Step by step please."),
    ask("hard: inference", "The museum is closed on Mondays and public holidays. Today the "
        "museum is open and it's not a weekend. Yesterday was a public holiday. What day can "
        "today not be?"),
    ask("average speed", "I drive 60 km at 30 km/h and return at 90 km/h. What's my average "
        "speed for the round trip?"),
]

WEATHER = ("get_weather", "Current weather for a city",
           {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]})
SEARCH = ("search_web", "Search the web and return the top results",
          {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]})
CALENDAR = ("create_event", "Create a calendar event",
            {"type": "object", "properties": {"title": {"type": "string"},
                                              "start": {"type": "string"},
                                              "minutes": {"type": "integer"}}})
ORDERS = ("lookup_order", "Look up an order by its id",
          {"type": "object", "properties": {"order_id": {"type": "string"}}})
REFUND = ("issue_refund", "Refund an order",
          {"type": "object", "properties": {"order_id": {"type": "string"},
                                            "amount": {"type": "number"}}})
SQL = ("run_sql", "Run a read-only SQL query on the analytics database",
       {"type": "object", "properties": {"sql": {"type": "string"}}})
EMAIL = ("send_email", "Send an email",
         {"type": "object", "properties": {"to": {"type": "string"},
                                           "subject": {"type": "string"},
                                           "body": {"type": "string"}}})
FILES = ("read_file", "Read a file from the workspace",
         {"type": "object", "properties": {"path": {"type": "string"}}})
CALC = ("calculator", "Evaluate an arithmetic expression",
        {"type": "object", "properties": {"expression": {"type": "string"}}})
STOCK = ("get_stock_price", "Latest price of a stock ticker",
         {"type": "object", "properties": {"ticker": {"type": "string"}}})
AGENT = "You are an assistant with tools. Use them when they help."

TOOL_USE = [
    ask("hard: tools declared, first turn", "What's the weather in Oslo right now?",
        tools=[WEATHER]),
    ask("hard: first turn, several tools", "Book a 30 minute call with Sam tomorrow at 10 and "
        "email him the invite.", tools=[CALENDAR, EMAIL], system=AGENT),
    ask("hard: first turn search", "Who won the Tour de France this year?", tools=[SEARCH]),
    ask("hard: first turn order lookup", "Where is my order 88231?", tools=[ORDERS, REFUND],
        system="You are the support assistant for Oakfield Home."),
    ask("hard: first turn sql tool", "How many signups did we get last week, by country?",
        tools=[SQL], system=AGENT),
    ask("hard: first turn read file", "Open README.md and tell me what this project does.",
        tools=[FILES]),
    ask("hard: first turn stock", "what's AAPL trading at", tools=[STOCK, SEARCH]),
    ask("hard: first turn calculator", "What is 17.5% of 2,340.80?", tools=[CALC]),
    talk("weather with result", [
        ("user", "Do I need an umbrella in Dublin today?"),
        ("call", "get_weather", {"city": "Dublin"}),
        ("result", "{\"temp_c\": 11, \"conditions\": \"light rain\", \"chance_of_rain\": 80}"),
    ], tools=[WEATHER]),
    talk("order then refund", [
        ("user", "Order 55120 arrived broken, I want my money back."),
        ("call", "lookup_order", {"order_id": "55120"}),
        ("result", "{\"status\": \"delivered\", \"total\": 64.90, \"items\": [\"vase\"]}"),
        ("assistant", "I'm sorry about that! I can refund the full 64.90. Shall I go ahead?"),
        ("user", "yes please"),
    ], tools=[ORDERS, REFUND]),
    talk("search then answer", [
        ("user", "Find me the opening hours of the Rijksmuseum."),
        ("call", "search_web", {"query": "Rijksmuseum opening hours"}),
        ("result", "Rijksmuseum: open daily 9:00-17:00. Tickets 22.50 EUR."),
    ], tools=[SEARCH]),
    talk("sql agent loop", [
        ("user", "Which product had the highest revenue in March?"),
        ("call", "run_sql", {"sql": "SELECT product, SUM(amount) FROM sales WHERE month = 3 "
                                    "GROUP BY product ORDER BY 2 DESC LIMIT 1"}),
        ("result", "[{\"product\": \"Aurora X2\", \"sum\": 182340.5}]"),
    ], tools=[SQL], system=AGENT),
    talk("calendar confirmation", [
        ("user", "Put 'dentist' in my calendar for Tuesday 3pm, 45 minutes."),
        ("call", "create_event", {"title": "dentist", "start": "Tuesday 15:00", "minutes": 45}),
        ("result", "{\"ok\": true, \"id\": \"evt_991\"}"),
    ], tools=[CALENDAR]),
    talk("file reading loop", [
        ("user", "Check config.yaml and tell me which port the server uses."),
        ("call", "read_file", {"path": "config.yaml"}),
        ("result", "server:\n  host: 0.0.0.0\n  port: 8443\nlog_level: info"),
    ], tools=[FILES]),
    ask("hard: tools declared, chatty first turn", "hi! can you tell me if it's going to be "
        "sunny in Nice this afternoon? planning a picnic", tools=[WEATHER, SEARCH]),
    ask("hard: tools with code-ish request", "Run a query to count users with no orders.",
        tools=[SQL]),
    ask("hard: tools and summary wording", "Search for the latest news about the heat wave in "
        "Spain and summarise it.", tools=[SEARCH]),
    ask("hard: extraction-like with tools", "Look up order 77101 and tell me the delivery date "
        "and the total.", tools=[ORDERS]),
    talk("multi-step agent, two results", [
        ("user", "Compare the weather in Rome and Madrid tomorrow."),
        ("call", "get_weather", {"city": "Rome"}),
        ("result", "{\"temp_c\": 24, \"conditions\": \"sunny\"}"),
        ("call", "get_weather", {"city": "Madrid"}),
        ("result", "{\"temp_c\": 29, \"conditions\": \"clear\"}"),
    ], tools=[WEATHER]),
    talk("email after lookup", [
        ("user", "Email the customer of order 55120 that the refund is done."),
        ("call", "lookup_order", {"order_id": "55120"}),
        ("result", "{\"customer_email\": \"ines@example.com\", \"total\": 64.90}"),
    ], tools=[ORDERS, EMAIL]),
    ask("hard: terse first turn", "Whats the weather in Paris", endpoint="chat_completions",
        tools=[WEATHER]),
    ask("hard: stock first turn with system", "Should I worry about my TSLA position today? "
        "check the price", tools=[STOCK], system=AGENT),
    ask("hard: calculator word problem", "Use the calculator: what's 14 x 37.5 + 12% tax?",
        tools=[CALC]),
    talk("tool result then follow-up question", [
        ("user", "What's the weather in Berlin?"),
        ("call", "get_weather", {"city": "Berlin"}),
        ("result", "{\"temp_c\": 3, \"conditions\": \"snow\"}"),
        ("assistant", "It's 3°C and snowing in Berlin."),
        ("user", "and in Vienna?"),
    ], tools=[WEATHER]),
    ask("hard: first turn files", "List what's in the docs folder and read the install guide.",
        tools=[FILES, SEARCH], system=AGENT),
    ask("hard: first turn booking", "Schedule a team lunch next Thursday at noon for an hour.",
        tools=[CALENDAR], parts=True),
    ask("hard: first turn send", "Send an email to ops@example.com saying the backup finished.",
        tools=[EMAIL]),
    talk("calc result", [
        ("user", "What's 2^32 divided by 7?"),
        ("call", "calculator", {"expression": "2**32/7"}),
        ("result", "613566756.571"),
    ], tools=[CALC]),
    ask("hard: refund request first turn", "I was charged twice for order 44012, please refund "
        "the duplicate.", tools=[ORDERS, REFUND],
        system="You are the support assistant for Oakfield Home."),
    ask("hard: research first turn", "Find three recent papers on small language models and "
        "tool use.", tools=[SEARCH]),
    talk("search loop with two queries", [
        ("user", "What's the population of Lisbon and Porto combined?"),
        ("call", "search_web", {"query": "Lisbon population"}),
        ("result", "Lisbon: about 545,000 (city proper)."),
        ("call", "search_web", {"query": "Porto population"}),
        ("result", "Porto: about 232,000 (city proper)."),
    ], tools=[SEARCH, CALC]),
    ask("hard: analytics question first turn", "What was our churn rate in Q2?", tools=[SQL],
        system="You answer questions about our analytics database."),
    ask("hard: weather planning", "Is it a good weekend to go hiking near Innsbruck?",
        tools=[WEATHER, SEARCH]),
    talk("read then answer", [
        ("user", "What does the Makefile's test target run?"),
        ("call", "read_file", {"path": "Makefile"}),
        ("result", "test:\n\tpytest -q tests/\n\truff check ."),
    ], tools=[FILES]),
    ask("hard: stock comparison", "Compare the current prices of NVDA and AMD.",
        tools=[STOCK]),
    ask("hard: first turn long system", "Can you check order 12009 for me?", tools=[ORDERS],
        system="You are Oakfield Home's support assistant. Be polite and concise. Never promise "
        "delivery dates you cannot see. Always look orders up before answering about them."),
    talk("refund completed", [
        ("user", "Refund 20 on order 33001, the item was late."),
        ("call", "issue_refund", {"order_id": "33001", "amount": 20}),
        ("result", "{\"ok\": true, \"refund_id\": \"rf_2231\"}"),
    ], tools=[REFUND]),
    ask("hard: tools, maths", "Calculate the monthly payment on a 200,000 loan at 5% over 25 "
        "years.", tools=[CALC]),
    ask("hard: schedule from email", "Create calendar events for the offsite dates in this "
        "email:\n" + EMAIL_OFFSITE, tools=[CALENDAR]),
    ask("hard: first turn web", "what's new in Qt 6.8?", tools=[SEARCH], parts=True),
]
