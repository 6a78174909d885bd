"""Long texts the examples paste into their turns (articles, emails, transcripts, logs)."""

ARTICLE_HEAT = (
    "City officials announced on Tuesday that the new cooling centres will open three weeks "
    "earlier than last year, after a spring that broke temperature records across the region. "
    "The centres, housed in libraries, community halls and two converted bus depots, will stay "
    "open until 10 p.m. on days when the forecast exceeds 32 degrees. Public health staff said "
    "that hospital admissions for heat exhaustion rose sharply last July, with elderly residents "
    "living alone accounting for more than half of the cases. Volunteers will phone registered "
    "residents each morning during heat alerts, and buses to the centres will be free. Critics on "
    "the council argued that the budget of 2.4 million is too small for a city of this size and "
    "that tree planting in the hottest neighbourhoods has fallen behind schedule. The mayor "
    "replied that a second phase, including shaded bus stops and drinking fountains, will be "
    "presented in the autumn, and that the city is applying for regional climate adaptation funds "
    "to pay for it. Residents can find the nearest centre on the city website or by calling the "
    "information line.")

ARTICLE_SLEEP = (
    "For decades, researchers assumed that the main purpose of sleep was rest. Newer work paints "
    "a busier picture. During deep sleep the brain appears to clear metabolic waste through a "
    "network of channels that widen while we sleep, a process some scientists compare to a "
    "dishwasher cycle. Sleep also seems to play a role in memory: in experiments, people who slept "
    "after learning a list of word pairs remembered more of them the next day than people who "
    "stayed awake for the same period. Dreaming, which happens mostly in REM sleep, may help us "
    "process emotions, although the evidence here is more contested. Chronic short sleep has been "
    "linked to higher risks of heart disease, diabetes and depression, but cause and effect are "
    "hard to separate because the same conditions also disturb sleep. Experts generally recommend "
    "seven to nine hours for adults, a regular schedule, and keeping screens out of the bedroom, "
    "though they admit that individual needs vary and that worrying too much about sleep can "
    "itself keep people awake.")

EMAIL_OFFSITE = (
    "Hi all,\n\nQuick update on the offsite. We've confirmed the venue in Lisbon for 14-16 May. "
    "Flights are booked for everyone except Priya and Tom, who are coming from the Berlin office "
    "and will take the train on the 13th. Please send your dietary requirements to Maria Costa "
    "(maria.costa@example.com) by Friday 25 April. The agenda draft is attached: day one is "
    "strategy, day two is team workshops, and day three is free until the 4 p.m. flights home. "
    "Budget is 1,850 EUR per person including hotel. If you need a visa letter, ask Jonas Weber "
    "(+49 30 1234567) before the end of the month.\n\nThanks,\nElena")

TRANSCRIPT_STANDUP = (
    "Ana: Morning. I finished the billing migration on staging yesterday, no errors in the logs.\n"
    "Ben: Nice. I'm still stuck on the flaky login test, I think it's a timing issue with the "
    "mock server. I'll pair with Chen this afternoon.\n"
    "Chen: Sure. On my side the new dashboard is ready for review, but design wants to change the "
    "colours again, so I'm waiting on that.\n"
    "Dana: Reminder that the release freeze is Thursday. Anything not merged by Wednesday evening "
    "goes into the next sprint. Also the customer call with Northwind moved to Friday 10am.\n"
    "Ana: Should we run the migration on production before the freeze?\n"
    "Dana: Yes, Wednesday morning, with Ben on call as backup.\n"
    "Ben: Fine, as long as the login test is sorted by then.\n"
    "Chen: I'll ping design again today.")

REVIEW_HEADPHONES = (
    "I've had these headphones for about two months now. The noise cancelling is excellent on "
    "trains and planes, easily as good as the big brands that cost twice as much. Battery life is "
    "around 30 hours in my use, which is close to what they promise. Comfort is fine for an hour "
    "or two, but after that the ear cups get warm and the headband presses on the top of my head. "
    "The app is clunky and kept asking me to make an account. Call quality is poor outdoors: "
    "people said I sounded like I was in a tunnel. For the price I'd still recommend them for "
    "commuting, just not for long calls.")

REPORT_Q3 = (
    "Third quarter results. Revenue grew 12% year on year to 48.2 million, driven mainly by the "
    "subscription business, which now accounts for 61% of sales. Hardware sales declined for the "
    "second quarter in a row, down 8%, as customers delayed upgrades. Gross margin improved to "
    "54% thanks to lower component costs and a better product mix. Operating expenses rose 9%, "
    "mostly from hiring in the sales team in Asia. The company ended the quarter with 120 million "
    "in cash and no debt. For the fourth quarter, management expects revenue between 50 and 52 "
    "million and warned that currency movements could reduce growth by one or two points. The "
    "board approved a share buyback of up to 15 million over the next twelve months. The CEO said "
    "the priority for next year is expanding the subscription offer to small businesses and "
    "simplifying the product range, which currently has more than forty models.")

STORY_LIGHTHOUSE = (
    "The lighthouse keeper had not spoken to anyone in eleven days when the boat appeared. It was "
    "small and blue, with a patched sail, and it came straight towards the rocks as if the person "
    "steering had never seen a chart. He ran down the spiral stairs, grabbed the lamp and waved it "
    "from the jetty until the boat turned. The sailor was a girl of perhaps fifteen, soaked and "
    "furious, who told him she was going to find her father on the other side of the bay and that "
    "she did not need help. He made her tea anyway. While the storm passed she told him about the "
    "fishing village, the debts, the letter that said her father had found work on the ferries. "
    "In the morning he fixed her sail and drew her a map, and she left without saying thank you. "
    "A year later a letter arrived with a drawing of a ferry and two figures waving from the deck.")

POLICY_REMOTE = (
    "Remote work policy, version 3. Employees may work remotely up to three days per week after "
    "completing their probation period. Teams must agree on at least one shared office day. "
    "Working from another country is allowed for up to 20 working days per calendar year and must "
    "be approved by the manager and HR at least two weeks in advance, because of tax and insurance "
    "rules. The company provides a one-off home office allowance of 500 EUR and reimburses "
    "internet costs up to 30 EUR per month. Employees are responsible for a safe and quiet working "
    "environment and for protecting confidential information, which means no work on public "
    "computers and a screen privacy filter when working in public places. Managers may ask an "
    "employee to return to the office full time if performance issues arise, after a documented "
    "conversation. This policy will be reviewed every twelve months.")

PAPER_ABSTRACT = (
    "We study whether small language models can be trained to follow tool-use protocols reliably. "
    "We collect 40,000 synthetic dialogues in which a model must call one of 12 APIs, and fine-tune "
    "three models of 1, 3 and 7 billion parameters. On a held-out benchmark, the 7B model reaches "
    "91% exact-match accuracy on function names and 84% on arguments, close to a much larger "
    "proprietary model. Errors concentrate on optional arguments and on dates written in words. "
    "The 1B model fails mostly by calling tools when none is needed. We release the data set and "
    "an evaluation harness, and discuss limits: the dialogues are in English only and the APIs "
    "are simple compared to real products.")

LOG_DEPLOY = (
    "2024-03-02 10:14:07 INFO  deploy started build=4812 env=prod\n"
    "2024-03-02 10:14:09 INFO  pulling image registry.local/api:4812\n"
    "2024-03-02 10:15:42 WARN  health check slow pod=api-7f9c latency=2300ms\n"
    "2024-03-02 10:16:01 ERROR pod=api-7f9c crashloop exit=137 reason=OOMKilled\n"
    "2024-03-02 10:16:05 INFO  rollback started to build=4809\n"
    "2024-03-02 10:17:30 INFO  rollback finished, 6/6 pods healthy\n"
    "2024-03-02 10:20:11 INFO  alert resolved id=INC-2291 owner=sre-oncall")

CHAT_FRIEND = (
    "So this weekend was a whole adventure. We drove up to the lake on Saturday morning, the "
    "kids fell asleep in the car within ten minutes which was a miracle, and when we arrived the "
    "weather was perfect, not too hot, a little breeze. My sister brought her new dog, a very "
    "nervous rescue greyhound called Pickle, and he spent the whole afternoon hiding behind my "
    "dad's chair. In the evening we made a fire and my nephew tried to toast marshmallows and "
    "set three of them on fire in a row. Honestly one of the nicest days we've had all year.")
