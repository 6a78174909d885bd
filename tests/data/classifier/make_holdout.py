#!/usr/bin/env python3
"""Writes holdout.jsonl: 120 labelled requests for bench_classifier, written by hand without
reading the classifier's rules or lexicons, so its accuracy can be measured on unseen data."""
import json
import os

M = "demo/chat"
OUT = []


def mk(label, ep, note, turns, system=None, blocks=False, extra=None):
    """turns: [(role, text)], the last one the user's. Builds the body in the endpoint's shape."""
    if ep == "chat_completions":
        msgs = [{"role": "system", "content": system}] if system else []
        msgs += [{"role": r, "content": t} for r, t in turns]
        body = {"model": M, "messages": msgs}
    elif ep == "messages":
        msgs = []
        for r, t in turns:
            c = [{"type": "text", "text": t}] if blocks and r == "user" else t
            msgs.append({"role": r, "content": c})
        body = {"model": M, "max_tokens": 1024, "messages": msgs}
        if system:
            body["system"] = system
    else:
        if len(turns) == 1 and not blocks:
            inp = turns[0][1]
        else:
            inp = [{"role": r, "content": t} for r, t in turns]
        body = {"model": M, "input": inp}
        if system:
            body["instructions"] = system
    if extra:
        body.update(extra)
    OUT.append({"label": label, "endpoint": ep, "note": note, "body": body})


def U(t):
    return [("user", t)]


CC, MS, RS = "chat_completions", "messages", "responses"

# ---- chit_chat: 12 chat_completions, 6 messages, 2 responses ----
L = "chit_chat"
mk(L, CC, "bare greeting", U("hey there!"))
mk(L, CC, "how was your day", U("Good morning :) how's your day going so far?"))
mk(L, CC, "opinion on pineapple pizza",
   U("ok settle an argument for me. pineapple on pizza: yes or no? my roommate says it's a crime"))
mk(L, CC, "personal advice, nervous about interview", U(
    "I have a job interview tomorrow at a small design agency and I'm honestly so nervous I can't "
    "sleep. Any tips for calming down? I always feel like my mind goes blank when they ask me "
    "about myself."), system="You are a friendly assistant.")
mk(L, CC, "small talk with numbers (age, birthday)", U(
    "I turn 40 on Saturday and honestly feeling a bit weird about it. My wife booked a dinner for "
    "12 people. Is it normal to not want a big party at 40?"))
mk(L, CC, "multi-turn, casual follow-up after a recipe", [
    ("user", "what's a good easy dinner for tonight?"),
    ("assistant", "How about a quick vegetable stir-fry with rice? It takes about 20 minutes."),
    ("user", "haha that's what I made yesterday. do you ever get bored of food suggestions?")])
mk(L, CC, "non-native phrasing, asking about favourite season",
   U("Hello, I am from Brazil and I am learning english. Which is you favorite season of the year "
     "and why? For me is winter because is not so hot."))
mk(L, CC, "book recommendation casual", U(
    "just finished the hobbit again, loved it. what should I read next? something cozy, not too "
    "dark pls"))
mk(L, CC, "thanks + goodbye", [
    ("user", "Can you remind me what a haiku is?"),
    ("assistant", "A haiku is a short Japanese poem of three lines with 5, 7 and 5 syllables."),
    ("user", "perfect, thank you so much! have a nice evening")])
mk(L, CC, "relationship advice", U(
    "My best friend forgot my birthday for the second year in a row. I don't want to be petty but "
    "it kind of hurts. Should I say something to her or just let it go?"),
   system="You are a warm, supportive companion. Keep answers short.")
mk(L, CC, "casual question about the assistant",
   U("do you dream? like, what's it like being an AI"))
mk(L, CC, "weekend plans chat, mentions a coding job casually", U(
    "Finally friday!! I've been staring at python code all week at work, my brain is fried. "
    "Thinking of going hiking this weekend or just staying in with a movie. What would you do?"))
mk(L, MS, "greeting in German", U("Hallo! Wie geht's dir heute?"))
mk(L, MS, "opinion cats vs dogs", U(
    "Cats or dogs? And don't give me a diplomatic answer, pick one."), blocks=True)
mk(L, MS, "advice on motivation, with system prompt", U(
    "I've been trying to go to the gym 3 times a week since January and I keep skipping. It's "
    "March now. How do people stay motivated? I'm not looking for a workout plan, more like "
    "mindset stuff."), system="You are a supportive life coach.")
mk(L, MS, "multi-turn banter about weather", [
    ("user", "it's been raining for like 9 days straight here in Manchester"),
    ("assistant", "That sounds dreary! Manchester does have a reputation for rain. Are you "
                  "managing to stay cheerful?"),
    ("user", "barely lol. do you think the rain makes people grumpier or is that a myth?")])
mk(L, MS, "favourite movie question", U(
    "What's a movie you think everyone should watch at least once?"), blocks=True)
mk(L, MS, "homesick, non-native phrasing", U(
    "I moved to Canada 3 months ago for study and I miss my family in India very much. Sometimes I "
    "am feeling alone in evening. How can I make friends here, people seem busy always."))
mk(L, RS, "joke request / small talk", U("tell me something that'll make me smile, rough day"))
mk(L, RS, "gift advice for dad", U(
    "My dad is turning 65 and he's impossible to buy for. He likes gardening and old westerns. "
    "Any gift ideas under 50 bucks?"), system="Be concise and friendly.")

# ---- extraction: 11 chat_completions, 6 messages, 3 responses ----
L = "extraction"
mk(L, CC, "pull names and dates from email", U(
    "From the email below, list every person mentioned and any dates.\n\n"
    "Hi Tom,\nJust confirming that Priya Raman will join the kickoff on 14 March. Also Daniel from "
    "procurement needs the signed PO by the 21st, otherwise delivery slips to April 2. Cheers, "
    "Helen"))
mk(L, CC, "invoice to JSON with json_object", U(
    "Convert this invoice into JSON with keys vendor, invoice_number, date, total, currency.\n\n"
    "ACME Office Supplies Ltd\nInvoice no. INV-20931\nDate: 03/11/2024\n3x Toner cartridge "
    "@ 42.00\n1x A4 paper box @ 19.99\nTotal due: EUR 145.99"),
   system="You output only JSON.", extra={"response_format": {"type": "json_object"}})
mk(L, CC, "resume fields with json_schema", U(
    "Jane Okafor — Senior Data Analyst. 7 years experience. Skills: SQL, Tableau, Python "
    "(pandas), stakeholder management. Previously at Barclays (2017-2021) and Ocado "
    "(2021-present). Based in Leeds, open to hybrid. Email jane.okafor@example.com"),
   system="Extract the candidate's details.",
   extra={"response_format": {"type": "json_schema", "json_schema": {
       "name": "candidate", "strict": True, "schema": {
           "type": "object", "additionalProperties": False,
           "required": ["name", "title", "years", "skills", "employers", "email"],
           "properties": {
               "name": {"type": "string"}, "title": {"type": "string"},
               "years": {"type": "integer"},
               "skills": {"type": "array", "items": {"type": "string"}},
               "employers": {"type": "array", "items": {"type": "string"}},
               "email": {"type": "string"}}}}}})
mk(L, CC, "extraction phrased as question", U(
    "What's the tracking number and delivery date in this message? \"Your parcel (tracking "
    "1Z 999 AA1 01 2345 6784) has been dispatched and is expected Thursday 9 May between 10:00 "
    "and 14:00. Reference: ORD-55812.\""))
mk(L, CC, "product reviews -> sentiment + product table", U(
    "For each review give me product, rating (1-5) and the main complaint if any, as a CSV.\n"
    "1. \"The Kettle Pro boils fast but the lid broke after a month. 2 stars.\"\n"
    "2. \"Love my Breville toaster, perfect every time, 5/5\"\n"
    "3. \"Blender X200: loud as a jet engine. 3 stars because it does crush ice.\""))
mk(L, CC, "meeting notes -> action items with owners", [
    ("user", "I'm going to paste notes from our standup."),
    ("assistant", "Sure, go ahead and paste them."),
    ("user", "notes: marco to fix the login redirect before thursday. aisha will ping legal re "
             "the DPA. nobody owns the flaky CI yet - sam said he might look. release moved to "
             "the 18th.\n\nplease pull out action items as owner / task / due date, leave due "
             "blank if not said")])
mk(L, CC, "address parsing, non-native", U(
    "Please take from this text the street, postcode and city separate: \"Send to Herr Müller, "
    "Lindenstraße 42, 3. OG, 10969 Berlin, Deutschland, tel 030 1234567\""))
mk(L, CC, "entities from news paragraph", U(
    "Identify all organisations, locations and monetary amounts in this paragraph:\n\n"
    "On Tuesday, Siemens Energy said it had agreed to sell a 51% stake in its Indian unit to a "
    "consortium led by TPG and Temasek for about €2.1 billion. The deal, announced in Munich, is "
    "expected to close in Q3 subject to approval by the Competition Commission of India."))
mk(L, CC, "log line -> fields", U(
    "turn these nginx log lines into a table with ip, timestamp, method, path, status:\n"
    "203.0.113.7 - - [12/Feb/2025:10:14:03 +0000] \"GET /api/v1/users HTTP/1.1\" 200 512\n"
    "198.51.100.23 - - [12/Feb/2025:10:14:05 +0000] \"POST /login HTTP/1.1\" 401 88\n"
    "203.0.113.7 - - [12/Feb/2025:10:15:44 +0000] \"DELETE /api/v1/users/42 HTTP/1.1\" 204 0"))
mk(L, CC, "medication list from clinical note", U(
    "Patient is a 67-year-old male with T2DM and hypertension. Current meds: metformin 500mg BID, "
    "lisinopril 10mg daily, atorvastatin 20mg nocte. Started amlodipine 5mg today. Allergic to "
    "penicillin (rash).\n\nList the medications with dose and frequency, and separately the "
    "allergies."), system="You are a clinical documentation assistant.")
mk(L, CC, "contract key terms to YAML", U(
    "Give me the parties, effective date, term length, notice period and governing law from this "
    "clause, as YAML.\n\nThis Services Agreement is entered into as of 1 July 2023 between "
    "Northwind Traders Inc. (\"Client\") and Blue Yonder Consulting LLP (\"Provider\"). The "
    "initial term is twenty-four (24) months and renews automatically unless either party gives "
    "ninety (90) days' written notice. This Agreement is governed by the laws of the State of "
    "New York."))
mk(L, MS, "receipt -> JSON, Anthropic", U(
    "Extract merchant, date, items (name, qty, price) and total from this receipt as JSON:\n\n"
    "TESCO EXPRESS\n17/08/24 18:42\nMILK 2L        1.65\nBREAD WHOLEMEAL 1.20\nBANANAS x6    "
    "0.90\nBALANCE DUE    3.75\nCARD 3.75"), blocks=True)
mk(L, MS, "job posting fields, system prompt", U(
    "We're hiring a Backend Engineer (Go) in Lisbon or remote within EU. Salary €65-80k. Must "
    "have Postgres, Kafka. Nice to have: Kubernetes. Apply by 30 September."),
   system="Return the job's title, location, salary range, required skills, nice-to-have skills "
          "and deadline as a JSON object. No prose.")
mk(L, MS, "dates in a long text", U(
    "Can you find every date in this and tell me what happens on each?\n\n"
    "The festival opens on Friday 6 June with the parade. Workshops run from 7 to 9 June in the "
    "old town. Tickets go on sale on 1 March, early-bird pricing ends 15 March. The closing "
    "concert was moved from 10 June to 11 June because of the football final."))
mk(L, MS, "phone numbers and emails from a signature blob", U(
    "pull out all phone numbers and email adresses:\n--\nKind regards\nLena Fischer | Head of "
    "Sales DACH\nM +49 171 5550123 | T +49 89 555 0100\nlena.fischer@contoso.de\nsupport: "
    "help@contoso.de"))
mk(L, MS, "multi-turn, fill schema after clarification", [
    ("user", "I need a form filled from a customer complaint."),
    ("assistant", "Happy to help. What fields does the form have, and what's the complaint?"),
    ("user", "Fields: customer_name, order_id, issue_type (damaged/late/wrong_item/other), "
             "requested_resolution. Complaint: \"Hi, this is Raj Patel, order #A-77120. The "
             "lamp arrived with the shade cracked. I'd like a replacement please, not a "
             "refund.\"")])
mk(L, MS, "chat transcript -> structured ticket", U(
    "Here's a support chat. Give me the customer's account email, device, OS version and the "
    "error code they saw, nothing else.\n\nAgent: Hi, how can I help?\nCustomer: app keeps "
    "crashing on my pixel 7\nAgent: Which Android version?\nCustomer: 14 I think\nCustomer: it "
    "says error E-4031 then closes\nAgent: what's the email on the account?\nCustomer: "
    "mia.k@example.org"), blocks=True)
mk(L, RS, "Responses: tabulate people and roles", U(
    "List each person and their role from: \"The panel was chaired by Dr. Amina Yusuf (WHO), with "
    "contributions from Prof. Lars Berg, Karolinska Institute, and journalist Chloe Martin of Le "
    "Monde.\""))
mk(L, RS, "Responses: text.format json_schema", U(
    "Flight LH 1234 from FRA to LIS departs 07:55 on 22 Oct 2025, gate B44, seat 17C, booking "
    "ref XK9P2Q."), system="Extract the booking details.",
   extra={"text": {"format": {"type": "json_schema", "name": "booking", "schema": {
       "type": "object", "properties": {
           "flight": {"type": "string"}, "from": {"type": "string"}, "to": {"type": "string"},
           "departure": {"type": "string"}, "gate": {"type": "string"},
           "seat": {"type": "string"}, "booking_ref": {"type": "string"}},
       "required": ["flight", "from", "to", "departure", "gate", "seat", "booking_ref"],
       "additionalProperties": False}}}})
mk(L, RS, "Responses: items input, recipe ingredients", [("user",
   "Pull out the ingredient list with quantities from this recipe:\n\nPreheat the oven to 180C. "
   "Cream 200g butter with 150g sugar, then beat in 3 eggs one by one. Fold in 225g self-raising "
   "flour and a pinch of salt. Add the zest of 2 lemons. Bake 45 minutes.")], blocks=True)

# ---- summarisation: 12 chat_completions, 5 messages, 3 responses ----
L = "summarisation"
ARTICLE = (
    "The city council voted 7-4 on Monday night to approve a pilot programme that will close "
    "three blocks of Harbour Street to cars on weekends from May through September. Supporters, "
    "including the local business association, argued that pedestrianisation will bring more foot "
    "traffic to cafés and shops, pointing to a similar trial in the neighbouring town that "
    "reported a 12% rise in weekend sales. Opponents, mostly residents of the adjoining streets, "
    "worried about displaced traffic and parking, and some disability advocates raised concerns "
    "about access for people who depend on cars. The council agreed to keep two disabled parking "
    "bays at each end of the closed section and to run a free shuttle from the Westgate car park. "
    "The pilot will be reviewed in October, when officials will publish footfall counts, traffic "
    "data from surrounding roads and the results of a resident survey before deciding whether to "
    "make the change permanent.")
mk(L, CC, "tl;dr of a news article", U("tl;dr pls\n\n" + ARTICLE))
mk(L, CC, "condense to two sentences", U(
    "Condense this into two sentences for our newsletter:\n\n" + ARTICLE),
   system="You are an editor for a community newsletter.")
mk(L, CC, "main takeaways of a meeting transcript", U(
    "What are the main takeaways from this call?\n\n"
    "Sara: OK so Q2 numbers are in, we're 8% under target mostly because the enterprise deals "
    "slipped.\nBen: Two of those slipped into July, they're basically signed.\nSara: Good. The "
    "bigger worry is churn in the SMB tier, it went from 2.1 to 3.4 percent monthly.\nPriya: "
    "Support says most cancellations mention the new pricing page, people think the free tier "
    "was removed.\nSara: It wasn't, it just moved. Can we fix the page this sprint?\nPriya: Yes, "
    "design has a draft.\nBen: Also marketing wants to pause the paid social spend until the page "
    "is fixed.\nSara: Agreed. Let's regroup in two weeks."))
mk(L, CC, "give me the gist, research abstract", U(
    "give me the gist of this abstract in plain english, I'm not a scientist:\n\n"
    "We investigate the effect of intermittent fasting on insulin sensitivity in adults with "
    "prediabetes. In a 12-week randomised controlled trial (n = 184), participants were assigned "
    "to time-restricted eating (8-hour window) or standard caloric restriction matched for energy "
    "deficit. Both groups lost comparable weight (mean 4.1 kg vs 4.3 kg). HOMA-IR improved "
    "significantly more in the time-restricted group (-0.9 vs -0.4, p = 0.02), independent of "
    "weight change. Adherence was higher in the time-restricted arm. These findings suggest meal "
    "timing may confer metabolic benefits beyond weight loss."))
mk(L, CC, "summarise a code diff (asks what changed, not to review)", U(
    "Can you summarise what this diff changes, in a few bullet points for the release notes? Not "
    "a review, just what changed.\n\n```diff\n--- a/server/config.py\n+++ b/server/config.py\n"
    "@@ -10,7 +10,9 @@\n-TIMEOUT = 30\n+TIMEOUT = int(os.environ.get(\"TIMEOUT\", 60))\n"
    "+MAX_RETRIES = 3\n+RETRY_BACKOFF = 1.5\n--- a/server/client.py\n+++ b/server/client.py\n"
    "@@ -40,6 +42,12 @@ def fetch(url):\n-    return requests.get(url, timeout=TIMEOUT)\n"
    "+    for attempt in range(MAX_RETRIES):\n+        try:\n+            return requests.get(url, "
    "timeout=TIMEOUT)\n+        except requests.Timeout:\n+            time.sleep(RETRY_BACKOFF ** "
    "attempt)\n+    raise FetchError(url)\n```"))
mk(L, CC, "summarise our conversation so far", [
    ("user", "I'm planning a trip to Japan in April, 10 days, first time."),
    ("assistant", "Great choice — April is cherry blossom season. I'd suggest Tokyo (4 days), "
                  "Kyoto (3 days), a day trip to Nara, and 2 days in Osaka. Get a 7-day JR pass "
                  "starting when you leave Tokyo."),
    ("user", "Should I book hotels now?"),
    ("assistant", "Yes, April is peak season; book Kyoto especially early. Consider a ryokan for "
                  "one night."),
    ("user", "And money?"),
    ("assistant", "Japan is still fairly cash-based; carry some yen, and 7-Eleven ATMs accept "
                  "foreign cards. IC cards like Suica work for transit and convenience stores."),
    ("user", "ok can you recap everything we said into a short checklist I can save?")])
mk(L, CC, "key points of a policy, bullet list", U(
    "Key points only, bulleted:\n\nRemote Work Policy (rev. 2024). Employees may work remotely up "
    "to three days per week with manager approval. Core hours are 10:00-15:00 local time, during "
    "which staff must be reachable on chat. Equipment: the company provides a laptop and a one-off "
    "home office allowance of 300 EUR; other costs are not reimbursed. Working from abroad is "
    "allowed for up to 20 working days per calendar year and requires HR sign-off for tax "
    "reasons. Security: use of the VPN is mandatory, and confidential documents must not be "
    "printed at home. The policy is reviewed annually."))
mk(L, CC, "boil down a long complaint email, non-native", U(
    "Please boil down this email to what the customer actually want, my boss need short "
    "version:\n\nDear Sir or Madam, I am writing to you for the third time already regarding my "
    "order which I placed in January. First the delivery was late by two weeks which I accepted "
    "because of the holidays. Then when the sofa arrived one of the legs was broken and the "
    "colour was not the one I chose, I ordered dark grey and received a kind of blue. Your driver "
    "said I should call customer service which I did, they promised someone will call me back in "
    "48 hours, nobody called. I have paid 1,240 euros for this sofa and I expect either a "
    "replacement in the correct colour with all legs working, or full refund including delivery. "
    "If I don't hear back by end of this month I will go to the consumer protection office. "
    "Regards, M. Kowalska"))
mk(L, CC, "abstract for a paper draft", U(
    "Write a 100-word abstract for this section of my thesis:\n\nThis chapter examines how "
    "small-scale fishing communities in northern Portugal adapted to the 2012 quota reforms. "
    "Drawing on 34 interviews and catch records from 2008-2019, I show that households "
    "diversified into tourism and aquaculture, while cooperatives pooled quota to protect "
    "younger fishers. However, adaptation was uneven: older, single-boat owners mostly left the "
    "sector. The chapter argues that formal quota systems underestimated informal sharing "
    "practices, and that policy should recognise cooperatives as quota holders."),
   system="You are an academic writing assistant.")
mk(L, CC, "one-line summary of a book passage", U(
    "In one line, what is this passage about?\n\n\"It was a bright cold day in April, and the "
    "clocks were striking thirteen. Winston Smith, his chin nuzzled into his breast in an effort "
    "to escape the vile wind, slipped quickly through the glass doors of Victory Mansions, "
    "though not quickly enough to prevent a swirl of gritty dust from entering along with him.\""))
mk(L, CC, "summarise thread of chat messages", U(
    "can u summarize this slack thread for someone who missed it\n\n[09:02] kev: prod db cpu at "
    "95%\n[09:03] lina: looks like the nightly report job didn't finish, still running\n[09:05] "
    "kev: killing it\n[09:06] kev: cpu back to 20\n[09:20] lina: the job has a missing index on "
    "orders.created_at, that's why it took forever\n[09:41] omar: index added in migration 0231, "
    "will deploy at lunch\n[13:10] omar: deployed, report job rerun took 4 min"))
mk(L, CC, "executive summary of quarterly report", U(
    "Write an executive summary (max 5 bullets) of the following:\n\nRevenue for Q3 was $18.2M, "
    "up 14% year on year, driven by the launch of the Teams plan which contributed $2.1M. Gross "
    "margin fell from 72% to 69% due to higher cloud costs following the migration to a new "
    "region. Operating expenses grew 9%, mostly headcount in sales. Net loss narrowed to $1.3M "
    "from $2.8M. Cash at end of quarter was $41M, giving about 30 months of runway. Customer "
    "count rose to 4,870; net revenue retention was 112%. Guidance for Q4 is revenue of "
    "$19.5-20M."))
mk(L, MS, "Anthropic: summarise article in three bullets", U(
    "Summarise in three bullets:\n\n" + ARTICLE), blocks=True)
mk(L, MS, "Anthropic: summarise with system prompt, document in block",
   U("<document>\n" + ARTICLE + "\n</document>\n\nWhat's the short version?"),
   system="You write short, neutral summaries of documents the user provides.")
mk(L, MS, "Anthropic: summarise a support conversation for handover", [
    ("user", "Here's the chat log with a customer. I'm handing over to the night shift, can you "
             "write a brief handover summary?\n\nCustomer: my internet drops every evening around "
             "8pm\nAgent: have you restarted the router?\nCustomer: yes, many times\nAgent: I see "
             "line errors on our side, I'll book an engineer\nCustomer: earliest?\nAgent: "
             "Thursday 8-12\nCustomer: fine but I want compensation for the 2 weeks\nAgent: I've "
             "raised a credit request, approval takes 3 working days")])
mk(L, MS, "Anthropic: multi-turn, final asks to shorten the previous answer", [
    ("user", "Explain the causes of the French Revolution."),
    ("assistant", "The French Revolution (1789) had several intertwined causes. Financially, the "
                  "monarchy was nearly bankrupt after costly wars, including support for the "
                  "American Revolution. Socially, the Third Estate bore most of the tax burden "
                  "while the clergy and nobility enjoyed privileges. Enlightenment ideas about "
                  "rights and popular sovereignty spread widely. Poor harvests in 1788 drove up "
                  "bread prices, causing hunger and unrest. Finally, Louis XVI's indecisive "
                  "leadership and the deadlock at the Estates-General turned reform into "
                  "revolution."),
    ("user", "too long, sum that up in one sentence")])
mk(L, MS, "Anthropic: summary of lecture notes, non-native", U(
    "I have this notes from lecture, can you make summary short for revise before exam?\n\n"
    "Photosynthesis - happens in chloroplast. Light dependent reactions in thylakoid membrane, "
    "produce ATP and NADPH, water split and O2 released. Calvin cycle in stroma, uses ATP and "
    "NADPH to fix CO2 into G3P, enzyme rubisco. Factors: light intensity, CO2 concentration, "
    "temperature. Limiting factor = the one in shortest supply."))
mk(L, RS, "Responses: summarise string input", U(
    "Summarize the following review in one paragraph:\n\nI stayed at the Seaview for four nights. "
    "The room was small but spotless and the bed very comfortable. Breakfast was the highlight: "
    "fresh pastries, good coffee, eggs cooked to order. The downside was noise from the bar "
    "downstairs until 1am on Friday and Saturday. Staff were friendly and let me check out late "
    "for free. Location is perfect, two minutes from the beach. I'd come back but ask for a room "
    "on a higher floor."))
mk(L, RS, "Responses: instructions + item input, TL;DR of release notes", [("user",
   "Release 4.2: adds dark mode; export to PDF now keeps hyperlinks; fixes crash when opening "
   "files over 2GB; drops support for macOS 11; the sync engine is rewritten and is about 3x "
   "faster on large folders; the legacy plugin API is deprecated and will be removed in 5.0.")],
   system="Give a TL;DR of whatever text the user sends, in at most 2 sentences.")
mk(L, RS, "Responses: summarise a poem's meaning briefly", U(
    "Briefly summarise what this stanza says:\n\nWhose woods these are I think I know.\nHis house "
    "is in the village though;\nHe will not see me stopping here\nTo watch his woods fill up with "
    "snow."))

# ---- code: 11 chat_completions, 6 messages, 3 responses ----
L = "code"
mk(L, CC, "short git question", U("what does git rebase -i do"))
mk(L, CC, "write python function, no fences", U(
    "write a python function that takes a list of dicts and groups them by a given key, returning "
    "a dict of lists"))
mk(L, CC, "fix code with traceback pasted", U(
    "why does this fail?\n\n```python\ndef avg(xs):\n    return sum(xs) / len(xs)\n\n"
    "print(avg([]))\n```\n\nTraceback (most recent call last):\n  File \"a.py\", line 4, in "
    "<module>\n    print(avg([]))\n  File \"a.py\", line 2, in avg\n    return sum(xs) / "
    "len(xs)\nZeroDivisionError: division by zero"))
mk(L, CC, "SQL query write", U(
    "I have tables orders(id, customer_id, total, created_at) and customers(id, name, country). "
    "Need the top 5 countries by revenue in 2024, with number of distinct customers. Postgres."))
mk(L, CC, "regex", U("regex to match a UK postcode like SW1A 1AA or M1 1AE?"))
mk(L, CC, "casual phrasing, bash loop", U(
    "ugh how do i rename like 200 files from IMG_0001.JPG to holiday_0001.jpg in one go on linux, "
    "im not a terminal person"))
mk(L, CC, "code review request, JS", U(
    "Can you review this React hook? Anything wrong?\n\n```js\nfunction useFetch(url) {\n  const "
    "[data, setData] = useState(null);\n  useEffect(() => {\n    fetch(url).then(r => r.json())"
    ".then(setData);\n  });\n  return data;\n}\n```"), system="You are a senior frontend engineer.")
mk(L, CC, "error message only, C++ linker", U(
    "undefined reference to `vtable for MyWidget'\ncollect2: error: ld returned 1 exit status\n\n"
    "what am i missing? it's a Qt project with cmake"))
mk(L, CC, "multi-turn: chit-chat then code", [
    ("user", "hi! hope you're well"),
    ("assistant", "Hi! I'm doing well, thanks. What can I help you with?"),
    ("user", "I need a dockerfile for a node 20 express app that listens on 3000, use a small "
             "image and don't run as root")])
mk(L, CC, "explain code snippet", U(
    "explain what this does line by line:\n\nawk -F, 'NR>1 {s[$2]+=$4} END {for (k in s) print "
    "k, s[k]}' sales.csv | sort -k2 -nr | head"))
mk(L, CC, "nginx config, non-native", U(
    "How I can configure nginx so that /api go to localhost:8080 and all other path serve the "
    "static files from /var/www/app? Now I get 404 for api."))
mk(L, MS, "Anthropic: Rust borrow checker error", U(
    "error[E0502]: cannot borrow `v` as mutable because it is also borrowed as immutable\n"
    " --> src/main.rs:4:5\n  |\n3 |     let first = &v[0];\n  |                  - immutable "
    "borrow occurs here\n4 |     v.push(6);\n  |     ^^^^^^^^^ mutable borrow occurs here\n5 |     "
    "println!(\"{}\", first);\n\nhow do I fix this properly"), blocks=True)
mk(L, MS, "Anthropic: unit tests for function", U(
    "Write pytest tests for this, cover edge cases:\n\ndef slugify(s: str) -> str:\n    s = "
    "s.strip().lower()\n    s = re.sub(r'[^a-z0-9]+', '-', s)\n    return s.strip('-')"),
   system="You are an expert Python developer. Answer with code.")
mk(L, MS, "Anthropic: refactor request", U(
    "This Go handler is getting huge. Can you refactor it so the validation and the DB write are "
    "separate functions?\n\n```go\nfunc CreateUser(w http.ResponseWriter, r *http.Request) {\n"
    "  var u User\n  if err := json.NewDecoder(r.Body).Decode(&u); err != nil {\n    "
    "http.Error(w, \"bad json\", 400); return\n  }\n  if u.Email == \"\" || !strings.Contains("
    "u.Email, \"@\") {\n    http.Error(w, \"bad email\", 400); return\n  }\n  if len(u.Name) > 100 "
    "{\n    http.Error(w, \"name too long\", 400); return\n  }\n  _, err := db.Exec(\"INSERT INTO "
    "users(name,email) VALUES($1,$2)\", u.Name, u.Email)\n  if err != nil {\n    http.Error(w, "
    "err.Error(), 500); return\n  }\n  w.WriteHeader(201)\n}\n```"))
mk(L, MS, "Anthropic: concept question about async", U(
    "in javascript whats the actual difference between Promise.all and Promise.allSettled, when "
    "would i pick one"))
mk(L, MS, "Anthropic: GitHub Actions YAML", [
    ("user", "Can you write a GitHub Actions workflow that runs my tests on push?"),
    ("assistant", "Sure — what language and test command does your project use?"),
    ("user", "python 3.11, `pytest -q`, deps in requirements.txt. also cache pip please")])
mk(L, MS, "Anthropic: Excel formula", U(
    "Excel: I need a formula in C2 that shows \"late\" if the date in B2 is before today and A2 "
    "isn't \"done\", otherwise blank"))
mk(L, RS, "Responses: string input, write a class", U(
    "Implement an LRU cache class in TypeScript with get and put, O(1) both."))
mk(L, RS, "Responses: items, fix a SQL error", [("user",
   "ERROR:  column \"o.total\" must appear in the GROUP BY clause or be used in an aggregate "
   "function\nLINE 1: SELECT c.name, o.total FROM customers c JOIN orders o ON o.customer_id = "
   "c.id GROUP BY c.name;\n\nwhat should the query be if i want each customer's total spend?")])
mk(L, RS, "Responses: instructions, kubernetes manifest", U(
    "Deployment for image ghcr.io/acme/api:1.4 with 3 replicas, readiness probe on /healthz port "
    "8080, and 256Mi memory limit."), system="You are a Kubernetes expert. Reply with YAML.")

# ---- reasoning: 12 chat_completions, 6 messages, 2 responses ----
L = "reasoning"
mk(L, CC, "train meeting word problem", U(
    "A train leaves Leeds at 9:00 going 80 km/h toward London, 300 km away. Another leaves London "
    "at 9:30 going 100 km/h toward Leeds. At what time do they meet, and how far from Leeds?"))
mk(L, CC, "knights and knaves", U(
    "On an island, knights always tell the truth and knaves always lie. A says: \"B is a knave.\" "
    "B says: \"A and I are the same type.\" What are A and B?"))
mk(L, CC, "scheduling meetings under constraints", U(
    "I need to schedule 4 meetings (A, B, C, D) on Mon-Wed, max 2 per day. A must be before C. B "
    "and D can't be on the same day. D has to be on Wednesday. C can't be on Monday. Give me a "
    "valid schedule and explain why it works, or tell me it's impossible."))
mk(L, CC, "Fermi estimate", U(
    "Roughly how many piano tuners are there in Chicago? Walk me through your estimate."))
mk(L, CC, "is it true argument: 0.999... = 1", U(
    "My friend insists 0.999 repeating is exactly equal to 1. Is that actually true or is it just "
    "very close? I want a proper argument, not just 'yes'."))
mk(L, CC, "comparison requiring multistep: rent vs buy", U(
    "Flat A: rent 1,150/month, 20 min commute by bike. Flat B: rent 980/month but 50 min each way "
    "by train, monthly pass 140. I work 20 days a month and value my time at 15/hour. Which is "
    "cheaper overall, counting time? Show the maths."))
mk(L, CC, "probability question", U(
    "If I roll two fair dice, what's the probability the sum is at least 10, given that at least "
    "one die shows a 6?"))
mk(L, CC, "multi-turn: small talk then puzzle", [
    ("user", "my nephew gave me a riddle and I'm stuck lol"),
    ("assistant", "Happy to help! What's the riddle?"),
    ("user", "you have 12 coins, one is fake and either heavier or lighter. with a balance scale "
             "and only 3 weighings, how do you find the fake and whether it's heavy or light?")])
mk(L, CC, "percentage reasoning, non-native", U(
    "Shop make price 20% higher, then after one month make discount 20% from new price. My "
    "colleague say the price is now same like before. Is he right? Please explain step by step."))
mk(L, CC, "planning: project critical path", U(
    "Tasks: design (3 days), backend (5 days, needs design), frontend (4 days, needs design), "
    "integration (2 days, needs backend and frontend), testing (3 days, needs integration), docs "
    "(2 days, needs design). With unlimited people, what's the minimum total time, and which "
    "tasks have slack?"), system="You are a careful project planner. Think step by step.")
mk(L, CC, "age puzzle", U(
    "When I was 6 my sister was half my age. Now I'm 70. How old is my sister?"))
mk(L, CC, "logic: syllogism validity", U(
    "All managers attend the Monday meeting. Some people who attend the Monday meeting are "
    "engineers. Therefore some managers are engineers. Is this conclusion valid? Why or why not?"))
mk(L, MS, "Anthropic: Monty Hall", U(
    "Explain why switching in the Monty Hall problem gives 2/3. I keep thinking it should be "
    "50/50 once one door is opened."), blocks=True)
mk(L, MS, "Anthropic: work-rate problem", U(
    "Pipe A fills a tank in 6 hours, pipe B in 4 hours, and a drain empties it in 12 hours. If all "
    "three are open starting from empty, how long to fill it?"))
mk(L, MS, "Anthropic: estimation of storage", U(
    "Estimate how much storage you'd need to keep one year of 1080p footage from 40 security "
    "cameras recording 24/7 at about 4 Mbps each. Is 500 TB enough?"),
   system="Reason step by step and state your assumptions.")
mk(L, MS, "Anthropic: river crossing planning", U(
    "A farmer has to get a wolf, a goat and a cabbage across a river. The boat carries him plus "
    "one item. Wolf can't be left with goat, goat can't be left with cabbage. What's the shortest "
    "sequence of crossings?"))
mk(L, MS, "Anthropic: multi-turn, challenge previous answer", [
    ("user", "Which is bigger, 2^100 or 10^30?"),
    ("assistant", "2^100 is about 1.27 × 10^30, so 2^100 is bigger."),
    ("user", "how do you know that without a calculator? convince me with an argument I could do "
             "on paper")])
mk(L, MS, "Anthropic: trade-off decision with numbers", U(
    "We can either hire 2 juniors at 55k each or 1 senior at 95k. Juniors need about 6 months "
    "before they're as productive as half a senior each, and take 20% of a senior's time to "
    "mentor. Over 18 months, which gives more output per euro? Lay out the reasoning."))
mk(L, RS, "Responses: sequence puzzle", U(
    "What's the next number: 2, 6, 12, 20, 30, ? — and why?"))
mk(L, RS, "Responses: calendar reasoning", U(
    "If 1 March 2027 is a Monday, what day of the week is 25 December 2027? Show how you got it."))

# ---- tool_use: 12 chat_completions, 6 messages, 2 responses ----
L = "tool_use"


def obj(props, req=None):
    return {"type": "object", "properties": props, "required": req or list(props)}


S = {"type": "string"}
N = {"type": "number"}
I = {"type": "integer"}
WEATHER = ("get_weather", "Get the current weather for a city.", obj({"city": S, "unit": {
    "type": "string", "enum": ["celsius", "fahrenheit"]}}, ["city"]))
SEARCH = ("web_search", "Search the web and return the top results.", obj({"query": S}))
CAL = ("create_event", "Create a calendar event.", obj({"title": S, "start": S, "end": S,
                                                       "attendees": {"type": "array",
                                                                     "items": S}}, ["title",
                                                                                    "start"]))
ORDER = ("get_order_status", "Look up an order by its id.", obj({"order_id": S}))
REFUND = ("issue_refund", "Refund an order, fully or partly.", obj({"order_id": S, "amount": N}))
SQLQ = ("run_sql", "Run a read-only SQL query on the analytics database.", obj({"sql": S}))
EMAIL = ("send_email", "Send an email.", obj({"to": S, "subject": S, "body": S}))
FX = ("convert_currency", "Convert an amount between currencies at today's rate.",
      obj({"amount": N, "from": S, "to": S}))
FILE = ("read_file", "Read a file from the user's workspace.", obj({"path": S}))
STOCK = ("get_stock_price", "Latest price of a stock ticker.", obj({"ticker": S}))


def tools_for(ep, defs):
    if ep == CC:
        return [{"type": "function", "function": {"name": n, "description": d, "parameters": p}}
                for n, d, p in defs]
    if ep == MS:
        return [{"name": n, "description": d, "input_schema": p} for n, d, p in defs]
    return [{"type": "function", "name": n, "description": d, "parameters": p} for n, d, p in defs]


def tool(ep, note, turns, defs, system=None, extra=None):
    e = {"tools": tools_for(ep, defs)}
    e.update(extra or {})
    mk(L, ep, note, turns, system=system, extra=e)


def cc_result(note, user, name, args, result, follow=None, defs=(), system=None, prior=()):
    """A chat_completions conversation whose assistant turn called a tool, with the result."""
    msgs = [{"role": "system", "content": system}] if system else []
    msgs += [{"role": r, "content": t} for r, t in prior]
    msgs += [{"role": "user", "content": user},
             {"role": "assistant", "content": None, "tool_calls": [{
                 "id": "call_" + name[:6], "type": "function",
                 "function": {"name": name, "arguments": json.dumps(args)}}]},
             {"role": "tool", "tool_call_id": "call_" + name[:6], "content": json.dumps(result)}]
    if follow:
        msgs.append({"role": "user", "content": follow})
    OUT.append({"label": L, "endpoint": CC, "note": note,
                "body": {"model": M, "messages": msgs, "tools": tools_for(CC, defs)}})


def ms_result(note, user, name, args, result, follow=None, defs=(), system=None):
    """A messages conversation with a tool_use block and its tool_result."""
    last = [{"type": "tool_result", "tool_use_id": "toolu_01" + name[:4], "content":
             json.dumps(result)}]
    if follow:
        last.append({"type": "text", "text": follow})
    body = {"model": M, "max_tokens": 1024, "messages": [
        {"role": "user", "content": user},
        {"role": "assistant", "content": [
            {"type": "text", "text": "Let me check that."},
            {"type": "tool_use", "id": "toolu_01" + name[:4], "name": name, "input": args}]},
        {"role": "user", "content": last}], "tools": tools_for(MS, defs)}
    if system:
        body["system"] = system
    OUT.append({"label": L, "endpoint": MS, "note": note, "body": body})


# chat_completions: 7 first turns, 5 with tool results
tool(CC, "weather first turn", U("what's the weather like in Lisbon right now?"), [WEATHER])
tool(CC, "calendar, several tools", U(
    "Book a 30 min sync with anna@acme.io and li@acme.io next Tuesday at 3pm called 'Q3 "
    "planning', and email them the agenda: budget, hiring, roadmap."), [CAL, EMAIL],
     system="You are an executive assistant. Today is 2025-06-12.")
tool(CC, "order status, customer support bot", U("hi where is my order 88213??"),
     [ORDER, REFUND], system="You are the support assistant for ShopRight. Use tools to look "
                             "things up; never guess order details.",
     extra={"tool_choice": "auto"})
tool(CC, "web search needed, casual", U(
    "who won the champions league final this year, and what was the score?"), [SEARCH])
tool(CC, "analytics via SQL tool", U(
    "How many signups did we get per week in the last 8 weeks? The table is events with columns "
    "user_id, event_type, ts."), [SQLQ], system="You are a data analyst with database access.")
tool(CC, "currency conversion, non-native", U(
    "How much is 250 pound in japanese yen today? I go to Tokyo next week."), [FX, WEATHER])
tool(CC, "multi-turn first tool call after clarifying", [
    ("user", "can you check a stock for me"),
    ("assistant", "Sure — which ticker?"),
    ("user", "NVDA, and also AMD so I can compare")], [STOCK])
cc_result("weather result returned, model must answer", "Is it jacket weather in Oslo today?",
          "get_weather", {"city": "Oslo", "unit": "celsius"},
          {"city": "Oslo", "temp_c": 6, "conditions": "light rain", "wind_kph": 22},
          defs=[WEATHER])
cc_result("order lookup result then refund request", "Order 55120 arrived broken, status?",
          "get_order_status", {"order_id": "55120"},
          {"order_id": "55120", "status": "delivered", "total": 64.5, "delivered": "2025-05-30"},
          follow="ok yes please refund the whole thing", defs=[ORDER, REFUND],
          system="You are ShopRight's support assistant.")
cc_result("SQL result returned", "What were our top 3 products by revenue last month?",
          "run_sql", {"sql": "SELECT product, SUM(amount) r FROM sales WHERE month='2025-05' "
                             "GROUP BY product ORDER BY r DESC LIMIT 3"},
          {"rows": [["Pro plan", 48200], ["Team plan", 31050], ["Add-on storage", 9900]]},
          defs=[SQLQ])
cc_result("file read in coding agent", "What port does the app listen on? check config.yaml",
          "read_file", {"path": "config.yaml"},
          {"content": "server:\n  host: 0.0.0.0\n  port: 8443\nlog_level: info\n"},
          defs=[FILE], system="You are a coding agent working in the user's repository.")
cc_result("search result, prior small talk", "what time does the Louvre open on sundays?",
          "web_search", {"query": "Louvre opening hours Sunday"},
          {"results": [{"title": "Louvre - Hours", "snippet": "Open 9am-6pm, closed Tuesdays."}]},
          defs=[SEARCH], prior=[("user", "going to paris tomorrow!!"),
                                ("assistant", "How exciting! Anything I can help you plan?")])
# messages: 3 first turns, 3 with tool results
tool(MS, "Anthropic: weather first turn", U("Do I need an umbrella in Dublin this afternoon?"),
     [WEATHER])
tool(MS, "Anthropic: email drafting with send tool", U(
    "Email my landlord (karl.weber@example.com) that the boiler is broken again and ask when the "
    "plumber can come. Keep it polite."), [EMAIL], system="You act on the user's behalf.")
tool(MS, "Anthropic: multi-tool, blocks content", [("user", [
    {"type": "text", "text": "Check the price of AAPL and convert it to euros."}])], [STOCK, FX],
     extra={"tool_choice": {"type": "auto"}})
ms_result("Anthropic: weather result", "What's the weather in Rome?", "get_weather",
          {"city": "Rome"}, {"temp_c": 27, "conditions": "sunny"}, defs=[WEATHER])
ms_result("Anthropic: order result plus user text", "Where's order 90017?", "get_order_status",
          {"order_id": "90017"}, {"status": "in transit", "eta": "2025-06-15"},
          follow="if it's not here by the 15th can you refund it?", defs=[ORDER, REFUND],
          system="You are ShopRight's support assistant.")
ms_result("Anthropic: file read for coding agent", "Why are the tests failing? look at the "
          "pytest output in out.log", "read_file", {"path": "out.log"},
          {"content": "FAILED tests/test_api.py::test_create - AssertionError: 500 != 201"},
          defs=[FILE, SEARCH], system="You are a coding agent in the user's repository.")
# responses: 1 first turn, 1 with a function call output
tool(RS, "Responses: first turn with function tools", U(
    "Find me a flight-free weekend: what's the weather going to be in Porto and Seville?"),
     [WEATHER, SEARCH])
OUT.append({"label": L, "endpoint": RS, "note": "Responses: function_call_output in input",
            "body": {
    "model": M, "tools": tools_for(RS, [FX]), "input": [
        {"role": "user", "content": "convert 1200 USD to CHF"},
        {"type": "function_call", "call_id": "call_fx1", "name": "convert_currency",
         "arguments": json.dumps({"amount": 1200, "from": "USD", "to": "CHF"})},
        {"type": "function_call_output", "call_id": "call_fx1",
         "output": json.dumps({"result": 1056.4, "rate": 0.8803})}]}})

if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "holdout.jsonl"), "w", encoding="utf-8") as f:
        for e in OUT:
            f.write(json.dumps(e, ensure_ascii=False) + "\n")
