// Each official SDK calling a model whose only offering speaks the other API (SPEC §3a): the openai
// SDK's chat completions served by an Anthropic-dialect fake (fake/claude), the Anthropic SDK's
// messages served by an OpenAI-dialect fake (fake/gpt-4o); and models whose offerings mix both,
// failing over from one dialect to the other. The SDK sees its own API's shapes; the fake receives
// requests in its own API.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { callerKey, FakeUpstream, Gateway } from './harness.mjs';
import { anthropicMajors, errorRequestId, openaiMajors } from './sdks.mjs';

// Each major of one SDK with the same generation of the other, each pair on its own gateway.
for (const [
    { label: openaiLabel, OpenAI, chatHelpers },
    { label: anthropicLabel, Anthropic },
] of [[openaiMajors[0], anthropicMajors[0]], [openaiMajors[1], anthropicMajors[1]]]) {
    describe(`${openaiLabel} and ${anthropicLabel}`, () => {
        let fake;
        let gateway;
        let openai;
        let anthropic;
        // Request ids as the SDKs gave them, by the translation their attempt should record (R-XLAT-5).
        const seen = { chat_to_messages: [], messages_to_chat: [] };
        // Request ids of calls that failed, with the receipt's expected error code and translation.
        const failed = [];
        // Request ids of calls refused for a field the other API cannot carry, with that field.
        const refused = [];
        // Request ids of calls that failed over, with each attempt's expected translation ('none' if none).
        const failedOver = [];

        // A call whose only candidate cannot carry a field: the SDK's 400 route_constraints_unmet, and
        // nothing reaches the upstream (R-XLAT-3).
        async function refusedFor(field, Sdk, call) {
            const from = fake.requests.length;
            const error = await call().then(
                () => assert.fail(`${field} was not refused`),
                (e) => e,
            );
            assert.ok(error instanceof Sdk.BadRequestError, `${error.constructor.name}: ${error.message}`);
            assert.equal(error.status, 400);
            const code = error.code ?? error.error?.error?.details?.error_code;
            assert.equal(code, 'route_constraints_unmet');
            assert.equal(fake.requests.length, from, 'nothing reached the upstream');
            refused.push({ id: errorRequestId(error), field });
        }

        before(async () => {
            fake = new FakeUpstream();
            await fake.start();
            gateway = await Gateway.start(fake);
            openai = new OpenAI({ apiKey: callerKey, baseURL: `${gateway.origin}/v1` });
            anthropic = new Anthropic({ apiKey: callerKey, baseURL: gateway.origin });
        });

        // The fake upstream first: it cuts anything a failed test left held, so the gateway can stop.
        after(async () => {
            await fake?.stop();
            await gateway?.stop();
        });

        // The one request the fake received while fn ran, which must be in the fake's own API.
        async function receivedDuring(path, fn) {
            const from = fake.requests.length;
            const result = await fn();
            const got = fake.requests.slice(from);
            assert.deepEqual(
                got.map((r) => r.path),
                [path],
                'one upstream request, in the upstream\'s own API',
            );
            return { result, forwarded: got[0] };
        }

        const hello = [{ role: 'user', content: 'Hello' }];

        const weatherSchema = {
            type: 'object',
            properties: { city: { type: 'string' }, unit: { type: 'string' } },
            required: ['city'],
        };

        // The system text of an Anthropic request, whether sent as a string or as text blocks.
        function systemText(system) {
            return typeof system === 'string' ? system : system.map((block) => block.text).join('');
        }

        describe('the openai SDK through an Anthropic-dialect upstream', () => {
            const tools = [
                {
                    type: 'function',
                    function: { name: 'get_weather', description: 'Weather in a city', parameters: weatherSchema },
                },
            ];

            test('a chat completion: content, finish_reason and usage in the chat shape', async () => {
                const { result: answer, forwarded } = await receivedDuring('/v1/messages', () =>
                    openai.chat.completions.create({
                        model: 'fake/claude',
                        messages: [{ role: 'system', content: 'Be brief.' }, ...hello],
                        temperature: 0.2,
                        stop: ['END'],
                    }),
                );
                // What the Anthropic fake received: its own request shape.
                assert.equal(forwarded.headers['anthropic-version'], '2023-06-01');
                assert.equal(forwarded.body.model, 'claude-fake');
                assert.equal(forwarded.body.max_tokens, 4096, 'the model\'s max output tokens when the caller sends none');
                assert.equal(systemText(forwarded.body.system), 'Be brief.');
                assert.deepEqual(
                    forwarded.body.messages.map((m) => m.role),
                    ['user'],
                    'the system message moved to system',
                );
                assert.deepEqual(forwarded.body.stop_sequences, ['END']);
                assert.equal(forwarded.body.temperature, 0.2);
                assert.ok(!forwarded.body.stream, 'not streamed');
                assert.equal(forwarded.body.stop, undefined);
                // What the SDK read: a chat completion.
                assert.equal(answer.object, 'chat.completion');
                assert.equal(answer.model, 'fake/claude');
                assert.equal(answer.choices.length, 1);
                assert.equal(answer.choices[0].message.role, 'assistant');
                assert.equal(answer.choices[0].message.content, 'Hello from the fake upstream.');
                assert.equal(answer.choices[0].finish_reason, 'stop');
                assert.equal(answer.usage.prompt_tokens, 7);
                assert.equal(answer.usage.completion_tokens, 5);
                assert.equal(answer.usage.total_tokens, 12);
                assert.match(answer._request_id, /^req_[0-9a-f]+$/);
                seen.chat_to_messages.push(answer._request_id);
            });

            // A buffered translation would hang this test: the timeout turns that into a failure.
            test('a streamed chat completion: deltas as they come, then a usage chunk', { timeout: 60000 }, async () => {
                const held = fake.holdNextStream();
                const from = fake.requests.length;
                const { data: stream, response } = await openai.chat.completions
                    .create({
                        model: 'fake/claude',
                        messages: hello,
                        max_completion_tokens: 100,
                        stream: true,
                        stream_options: { include_usage: true },
                    })
                    .withResponse();
                seen.chat_to_messages.push(response.headers.get('x-request-id'));
                const chunks = [];
                const pieces = stream[Symbol.asyncIterator]();
                let text = '';
                while (!text.includes('Hel')) {
                    const { value, done } = await pieces.next();
                    assert.equal(done, false, 'the stream ended before the held piece');
                    chunks.push(value);
                    text += value.choices[0]?.delta?.content ?? '';
                }
                assert.equal(held.waiting, true, 'the upstream is still holding the rest of its answer');
                held.release();
                for (let r = await pieces.next(); !r.done; r = await pieces.next()) chunks.push(r.value);

                const forwarded = fake.requests.slice(from);
                assert.deepEqual(forwarded.map((r) => r.path), ['/v1/messages']);
                assert.equal(forwarded[0].body.stream, true);
                assert.equal(forwarded[0].body.max_tokens, 100, 'max_completion_tokens counts as max_tokens');
                assert.equal(forwarded[0].body.stream_options, undefined, 'no chat field reaches the messages API');

                for (const c of chunks) {
                    assert.equal(c.object, 'chat.completion.chunk');
                    assert.equal(c.model, 'fake/claude');
                }
                const withChoices = chunks.filter((c) => c.choices.length > 0);
                assert.equal(withChoices.map((c) => c.choices[0].delta?.content ?? '').join(''), 'Hello');
                assert.equal(withChoices[0].choices[0].delta.role, 'assistant');
                assert.deepEqual(
                    withChoices.map((c) => c.choices[0].finish_reason).filter((f) => f),
                    ['stop'],
                    'one finish_reason, stop',
                );
                // include_usage: a last chunk with no choices and the usage of the whole answer.
                const last = chunks.at(-1);
                assert.deepEqual(last.choices, []);
                assert.equal(last.usage.prompt_tokens, 7);
                assert.equal(last.usage.completion_tokens, 2);
                assert.equal(last.usage.total_tokens, 9);
                assert.equal(chunks.filter((c) => c.usage).length, 1, 'usage once, at the end');
            });

            test('a streamed chat completion without include_usage has no usage chunk', async () => {
                const stream = await openai.chat.completions.create({ model: 'fake/claude', messages: hello, stream: true });
                const chunks = [];
                for await (const c of stream) chunks.push(c);
                assert.equal(chunks.map((c) => c.choices[0]?.delta?.content ?? '').join(''), 'Hello');
                assert.equal(chunks.filter((c) => c.usage).length, 0);
                assert.ok(chunks.every((c) => c.choices.length === 1));
            });

            test('an answer cut at max_tokens finishes with length, whole and streamed', async () => {
                const ask = { model: 'fake/claude', messages: hello, max_tokens: 1 };
                const whole = await openai.chat.completions.create(ask);
                assert.equal(fake.requests.at(-1).body.max_tokens, 1);
                assert.equal(whole.choices[0].message.content, 'Hel');
                assert.equal(whole.choices[0].finish_reason, 'length');
                const streamed = await chatHelpers(openai).stream(ask).finalChatCompletion();
                assert.equal(streamed.choices[0].message.content, 'Hel');
                assert.equal(streamed.choices[0].finish_reason, 'length');
            });

            test('tools: the tool_use block comes back as a tool call with JSON arguments', async () => {
                const { result: answer, forwarded } = await receivedDuring('/v1/messages', () =>
                    openai.chat.completions.create({
                        model: 'fake/claude',
                        messages: [{ role: 'user', content: 'Weather in Paris?' }],
                        tools,
                        tool_choice: 'required',
                        user: 'user-42',
                    }),
                );
                assert.deepEqual(forwarded.body.tools, [
                    { name: 'get_weather', description: 'Weather in a city', input_schema: weatherSchema },
                ]);
                assert.deepEqual(forwarded.body.tool_choice, { type: 'any' });
                assert.deepEqual(forwarded.body.metadata, { user_id: 'user-42' });
                assert.equal(forwarded.body.user, undefined);

                const choice = answer.choices[0];
                assert.equal(choice.finish_reason, 'tool_calls');
                assert.equal(choice.message.content, 'Let me look that up.');
                assert.equal(choice.message.tool_calls.length, 1);
                const [call] = choice.message.tool_calls;
                assert.equal(call.id, 'toolu_fake_1');
                assert.equal(call.type, 'function');
                assert.equal(call.function.name, 'get_weather');
                assert.equal(typeof call.function.arguments, 'string');
                assert.deepEqual(JSON.parse(call.function.arguments), { city: 'Paris' });
                seen.chat_to_messages.push(answer._request_id);
            });

            test('tools streamed: the SDK\'s stream helper accumulates the arguments', async () => {
                const { result, forwarded } = await receivedDuring('/v1/messages', async () => {
                    const stream = chatHelpers(openai).stream({
                        model: 'fake/claude',
                        messages: [{ role: 'user', content: 'Weather in Paris?' }],
                        tools,
                        tool_choice: { type: 'function', function: { name: 'get_weather' } },
                    });
                    const deltas = [];
                    const done = [];
                    stream.on('tool_calls.function.arguments.delta', (e) => deltas.push(e.arguments_delta));
                    stream.on('tool_calls.function.arguments.done', (e) => done.push(e));
                    return { completion: await stream.finalChatCompletion(), deltas, done };
                });
                assert.equal(forwarded.body.stream, true);
                assert.deepEqual(forwarded.body.tool_choice, { type: 'tool', name: 'get_weather' });

                const { completion, deltas, done } = result;
                assert.ok(deltas.length >= 1, 'arguments arrive as deltas');
                assert.deepEqual(JSON.parse(deltas.join('')), { city: 'Paris' });
                assert.equal(done.length, 1);
                assert.equal(done[0].name, 'get_weather');
                assert.deepEqual(JSON.parse(done[0].arguments), { city: 'Paris' });
                const choice = completion.choices[0];
                assert.equal(choice.finish_reason, 'tool_calls');
                assert.equal(choice.message.content, 'Let me look that up.');
                assert.equal(choice.message.tool_calls.length, 1);
                assert.equal(choice.message.tool_calls[0].id, 'toolu_fake_1');
                assert.equal(choice.message.tool_calls[0].function.name, 'get_weather');
                assert.deepEqual(JSON.parse(choice.message.tool_calls[0].function.arguments), { city: 'Paris' });
            });

            test('parallel tool calls, whole and streamed, keep their order, ids and arguments', async () => {
                const two = [
                    ...tools,
                    { type: 'function', function: { name: 'get_time', description: 'Time in a city', parameters: weatherSchema } },
                ];
                const ask = { model: 'fake/claude', messages: [{ role: 'user', content: 'Weather and time?' }], tools: two };
                const whole = await openai.chat.completions.create(ask);
                const stream = chatHelpers(openai).stream(ask);
                const done = [];
                stream.on('tool_calls.function.arguments.done', (e) => done.push([e.index, e.name, JSON.parse(e.arguments)]));
                const streamed = await stream.finalChatCompletion();
                const expected = [
                    ['toolu_fake_1', 'get_weather', { city: 'Paris' }],
                    ['toolu_fake_2', 'get_time', { city: 'Lyon' }],
                ];
                for (const answer of [whole, streamed]) {
                    const choice = answer.choices[0];
                    assert.equal(choice.finish_reason, 'tool_calls');
                    assert.equal(choice.message.content, 'Let me look that up.');
                    assert.deepEqual(
                        choice.message.tool_calls.map((c) => [c.id, c.function.name, JSON.parse(c.function.arguments)]),
                        expected,
                    );
                }
                assert.deepEqual(done, [
                    [0, 'get_weather', { city: 'Paris' }],
                    [1, 'get_time', { city: 'Lyon' }],
                ]);
                seen.chat_to_messages.push(whole._request_id);
            });

            test('a tool result goes back as a tool_result block after the tool_use', async () => {
                const { result: answer, forwarded } = await receivedDuring('/v1/messages', () =>
                    openai.chat.completions.create({
                        model: 'fake/claude',
                        messages: [
                            { role: 'user', content: 'Weather in Paris and Lyon?' },
                            {
                                role: 'assistant',
                                content: null,
                                tool_calls: [
                                    { id: 'toolu_a', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
                                    { id: 'toolu_b', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Lyon"}' } },
                                ],
                            },
                            { role: 'tool', tool_call_id: 'toolu_a', content: '21 C' },
                            { role: 'tool', tool_call_id: 'toolu_b', content: '19 C' },
                        ],
                    }),
                );
                const messages = forwarded.body.messages;
                assert.deepEqual(messages.map((m) => m.role), ['user', 'assistant', 'user'], 'both results in one user turn');
                const uses = messages[1].content.filter((b) => b.type === 'tool_use');
                assert.deepEqual(
                    uses.map((b) => [b.id, b.name, b.input]),
                    [
                        ['toolu_a', 'get_weather', { city: 'Paris' }],
                        ['toolu_b', 'get_weather', { city: 'Lyon' }],
                    ],
                );
                const results = messages[2].content;
                assert.deepEqual(results.map((b) => [b.type, b.tool_use_id]), [
                    ['tool_result', 'toolu_a'],
                    ['tool_result', 'toolu_b'],
                ]);
                const resultText = (b) => (typeof b.content === 'string' ? b.content : b.content.map((c) => c.text).join(''));
                assert.deepEqual(results.map(resultText), ['21 C', '19 C']);
                assert.equal(answer.choices[0].message.content, 'Hello from the fake upstream.');
                seen.chat_to_messages.push(answer._request_id);
            });

            test('an upstream refusal is the SDK\'s BadRequestError with the upstream\'s words', async () => {
                const { result: error } = await receivedDuring('/v1/messages', () =>
                    openai.chat.completions.create({ model: 'fake/claude-refused', messages: hello }).then(
                        () => assert.fail('a refused request was answered'),
                        (e) => e,
                    ),
                );
                assert.ok(error instanceof OpenAI.BadRequestError, `${error.constructor.name}: ${error.message}`);
                assert.equal(error.status, 400);
                assert.equal(error.error.type, 'invalid_request_error');
                assert.equal(error.error.message, 'fake upstream: refused on purpose');
                failed.push({ id: errorRequestId(error), status: 400, direction: 'chat_to_messages' });
            });

            test('a field messages cannot carry is refused, not dropped', async () => {
                for (const [field, extra] of [
                    ['n', { n: 2 }],
                    ['logprobs', { logprobs: true }],
                    ['response_format', { response_format: { type: 'json_schema', json_schema: { name: 'w', schema: weatherSchema } } }],
                ])
                    await refusedFor(field, OpenAI, () =>
                        openai.chat.completions.create({ model: 'fake/claude', messages: hello, ...extra }),
                    );
            });

            for (const [model, how] of [
                ['fake/claude-cut', 'a cut stream'],
                ['fake/claude-error-event', 'an upstream error event'],
            ]) {
                test(`${how} ends the SDK's stream with a stream_interrupted error, never a finish`, async () => {
                    const { data: stream, response } = await openai.chat.completions
                        .create({ model, messages: hello, stream: true, stream_options: { include_usage: true } })
                        .withResponse();
                    assert.equal(response.status, 200);
                    const chunks = [];
                    const error = await (async () => {
                        for await (const c of stream) chunks.push(c);
                    })().then(
                        () => assert.fail('the stream ended as if complete'),
                        (e) => e,
                    );
                    assert.ok(error instanceof OpenAI.APIError, `${error.constructor.name}: ${error.message}`);
                    assert.equal(error.code, 'stream_interrupted');
                    assert.equal(chunks.map((c) => c.choices[0]?.delta?.content ?? '').join(''), 'Hel');
                    assert.ok(chunks.every((c) => !c.choices[0]?.finish_reason && !c.usage), 'no finish, no usage');
                    failed.push({ id: response.headers.get('x-request-id'), status: 200, code: 'stream_interrupted', direction: 'chat_to_messages' });
                });
            }
        });

        describe('the Anthropic SDK through an OpenAI-dialect upstream', () => {
            const tools = [{ name: 'get_weather', description: 'Weather in a city', input_schema: weatherSchema }];

            test('a message: content, stop_reason and usage in the messages shape', async () => {
                const { result: message, forwarded } = await receivedDuring('/v1/chat/completions', () =>
                    anthropic.messages.create({
                        model: 'fake/gpt-4o',
                        max_tokens: 64,
                        system: 'Be brief.',
                        messages: hello,
                        stop_sequences: ['END'],
                        top_p: 0.5,
                    }),
                );
                // What the OpenAI fake received: its own request shape.
                assert.equal(forwarded.body.model, 'gpt-4o');
                assert.deepEqual(
                    forwarded.body.messages.map((m) => m.role),
                    ['system', 'user'],
                    'system became the first message',
                );
                const maxTokens = forwarded.body.max_completion_tokens ?? forwarded.body.max_tokens;
                assert.equal(maxTokens, 64);
                assert.deepEqual(forwarded.body.stop, ['END']);
                assert.equal(forwarded.body.top_p, 0.5);
                assert.equal(forwarded.body.stop_sequences, undefined);
                assert.equal(forwarded.body.system, undefined);
                assert.ok(!forwarded.body.stream, 'not streamed');
                // What the SDK read: a message.
                assert.equal(message.type, 'message');
                assert.equal(message.role, 'assistant');
                assert.equal(message.model, 'fake/gpt-4o');
                assert.equal(message.content.length, 1);
                assert.equal(message.content[0].type, 'text');
                assert.equal(message.content[0].text, 'Hello from the fake upstream.');
                assert.equal(message.stop_reason, 'end_turn');
                assert.equal(message.usage.input_tokens, 7);
                assert.equal(message.usage.output_tokens, 5);
                assert.match(message._request_id, /^req_[0-9a-f]+$/);
                seen.messages_to_chat.push(message._request_id);
            });

            // A buffered translation would hang this test: the timeout turns that into a failure.
            test('streamed events in the Messages API order, as they come', { timeout: 60000 }, async () => {
                const held = fake.holdNextStream();
                const from = fake.requests.length;
                const { data: stream, response } = await anthropic.messages
                    .create({ model: 'fake/gpt-4o', max_tokens: 64, messages: hello, stream: true })
                    .withResponse();
                seen.messages_to_chat.push(response.headers.get('request-id'));
                const events = stream[Symbol.asyncIterator]();
                const all = [];
                let text = '';
                while (!text.includes('Hel')) {
                    const { value, done } = await events.next();
                    assert.equal(done, false, 'the stream ended before the held piece');
                    all.push(value);
                    if (value.type === 'content_block_delta') text += value.delta.text;
                }
                assert.equal(held.waiting, true, 'the upstream is still holding the rest of its answer');
                held.release();
                for (let r = await events.next(); !r.done; r = await events.next()) {
                    all.push(r.value);
                    if (r.value.type === 'content_block_delta') text += r.value.delta.text;
                }

                const forwarded = fake.requests.slice(from);
                assert.deepEqual(forwarded.map((r) => r.path), ['/v1/chat/completions']);
                assert.equal(forwarded[0].body.stream, true);
                assert.deepEqual(forwarded[0].body.stream_options, { include_usage: true });

                assert.equal(text, 'Hello');
                const types = all.map((e) => e.type);
                const deltas = types.filter((t) => t === 'content_block_delta').length;
                assert.ok(deltas >= 2, `${deltas} deltas`);
                assert.deepEqual(types, [
                    'message_start',
                    'content_block_start',
                    ...Array(deltas).fill('content_block_delta'),
                    'content_block_stop',
                    'message_delta',
                    'message_stop',
                ]);
                const start = all.find((e) => e.type === 'message_start');
                assert.equal(start.message.model, 'fake/gpt-4o');
                assert.equal(start.message.role, 'assistant');
                const end = all.find((e) => e.type === 'message_delta');
                assert.equal(end.delta.stop_reason, 'end_turn');
                assert.equal(end.usage.output_tokens, 2, 'the real output tokens, from the usage chunk asked for');
            });

            test('the stream helper\'s final message', async () => {
                const { result, forwarded } = await receivedDuring('/v1/chat/completions', async () => {
                    const stream = anthropic.messages.stream({ model: 'fake/gpt-4o', max_tokens: 64, messages: hello });
                    const pieces = [];
                    stream.on('text', (piece) => pieces.push(piece));
                    return { message: await stream.finalMessage(), pieces };
                });
                assert.deepEqual(forwarded.body.stream_options, { include_usage: true });
                assert.deepEqual(result.pieces, ['Hel', 'lo']);
                assert.deepEqual(result.message.content, [{ type: 'text', text: 'Hello' }]);
                assert.equal(result.message.stop_reason, 'end_turn');
                assert.equal(result.message.usage.output_tokens, 2);
            });

            test('an answer cut at max_tokens stops with max_tokens, whole and streamed', async () => {
                const ask = { model: 'fake/gpt-4o', max_tokens: 1, messages: hello };
                const whole = await anthropic.messages.create(ask);
                const forwarded = fake.requests.at(-1).body;
                assert.equal(forwarded.max_completion_tokens ?? forwarded.max_tokens, 1);
                assert.deepEqual(whole.content, [{ type: 'text', text: 'Hel' }]);
                assert.equal(whole.stop_reason, 'max_tokens');
                const streamed = await anthropic.messages.stream(ask).finalMessage();
                assert.deepEqual(streamed.content, [{ type: 'text', text: 'Hel' }]);
                assert.equal(streamed.stop_reason, 'max_tokens');
            });

            test('tools: the tool call comes back as a tool_use block with its input parsed', async () => {
                const { result: message, forwarded } = await receivedDuring('/v1/chat/completions', () =>
                    anthropic.messages.create({
                        model: 'fake/gpt-4o',
                        max_tokens: 64,
                        messages: [{ role: 'user', content: 'Weather in Paris?' }],
                        tools,
                        tool_choice: { type: 'any' },
                        metadata: { user_id: 'user-42' },
                    }),
                );
                assert.deepEqual(forwarded.body.tools, [
                    {
                        type: 'function',
                        function: { name: 'get_weather', description: 'Weather in a city', parameters: weatherSchema },
                    },
                ]);
                assert.equal(forwarded.body.tool_choice, 'required');
                assert.equal(forwarded.body.user, 'user-42');
                assert.equal(forwarded.body.metadata, undefined);

                assert.equal(message.stop_reason, 'tool_use');
                const uses = message.content.filter((block) => block.type === 'tool_use');
                assert.equal(uses.length, 1);
                assert.equal(uses[0].id, 'call_fake_1');
                assert.equal(uses[0].name, 'get_weather');
                assert.deepEqual(uses[0].input, { city: 'Paris', unit: 'celsius' });
                assert.equal(message.content.filter((b) => b.type === 'text' && b.text !== '').length, 0, 'no text the upstream did not send');
                seen.messages_to_chat.push(message._request_id);
            });

            test('tools streamed: the stream helper accumulates the input JSON', async () => {
                const { result, forwarded } = await receivedDuring('/v1/chat/completions', async () => {
                    const stream = anthropic.messages.stream({
                        model: 'fake/gpt-4o',
                        max_tokens: 64,
                        messages: [{ role: 'user', content: 'Weather in Paris?' }],
                        tools,
                        tool_choice: { type: 'tool', name: 'get_weather' },
                    });
                    const partials = [];
                    stream.on('inputJson', (partial) => partials.push(partial));
                    return { message: await stream.finalMessage(), partials };
                });
                assert.equal(forwarded.body.stream, true);
                assert.deepEqual(forwarded.body.stream_options, { include_usage: true });
                assert.deepEqual(forwarded.body.tool_choice, { type: 'function', function: { name: 'get_weather' } });

                const { message, partials } = result;
                assert.ok(partials.length >= 1, 'the input arrives as input_json_delta events');
                assert.deepEqual(JSON.parse(partials.join('')), { city: 'Paris', unit: 'celsius' });
                assert.equal(message.stop_reason, 'tool_use');
                const uses = message.content.filter((block) => block.type === 'tool_use');
                assert.equal(uses.length, 1);
                assert.equal(uses[0].id, 'call_fake_s1');
                assert.equal(uses[0].name, 'get_weather');
                assert.deepEqual(uses[0].input, { city: 'Paris', unit: 'celsius' });
                assert.equal(message.usage.output_tokens, 2);
            });

            test('parallel tool calls, whole and streamed, become tool_use blocks in order', async () => {
                const two = [...tools, { name: 'get_time', description: 'Time in a city', input_schema: weatherSchema }];
                const ask = { model: 'fake/gpt-4o', max_tokens: 64, messages: [{ role: 'user', content: 'Weather and time?' }], tools: two };
                const whole = await anthropic.messages.create(ask);
                const stream = anthropic.messages.stream(ask);
                const blocks = [];
                stream.on('contentBlock', (block) => blocks.push(block));
                const streamed = await stream.finalMessage();
                const uses = (message) => message.content.filter((b) => b.type === 'tool_use').map((b) => [b.id, b.name, b.input]);
                assert.deepEqual(uses(whole), [
                    ['call_fake_1', 'get_weather', { city: 'Paris', unit: 'celsius' }],
                    ['call_fake_2', 'get_time', { city: 'Lyon' }],
                ]);
                assert.deepEqual(uses(streamed), [
                    ['call_fake_s1', 'get_weather', { city: 'Paris', unit: 'celsius' }],
                    ['call_fake_s2', 'get_time', { city: 'Lyon' }],
                ]);
                assert.deepEqual(blocks.map((b) => b.type), ['tool_use', 'tool_use'], 'each block stopped once');
                for (const message of [whole, streamed]) assert.equal(message.stop_reason, 'tool_use');
                seen.messages_to_chat.push(whole._request_id);
            });

            test('a tool_result goes back as a tool message after the tool call', async () => {
                const { result: message, forwarded } = await receivedDuring('/v1/chat/completions', () =>
                    anthropic.messages.create({
                        model: 'fake/gpt-4o',
                        max_tokens: 64,
                        messages: [
                            { role: 'user', content: 'Weather in Paris?' },
                            {
                                role: 'assistant',
                                content: [{ type: 'tool_use', id: 'call_a', name: 'get_weather', input: { city: 'Paris' } }],
                            },
                            { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_a', content: '21 C' }] },
                        ],
                    }),
                );
                const messages = forwarded.body.messages;
                assert.deepEqual(messages.map((m) => m.role), ['user', 'assistant', 'tool']);
                const [call] = messages[1].tool_calls;
                assert.equal(call.id, 'call_a');
                assert.equal(call.type, 'function');
                assert.equal(call.function.name, 'get_weather');
                assert.deepEqual(JSON.parse(call.function.arguments), { city: 'Paris' });
                assert.equal(messages[2].tool_call_id, 'call_a');
                const content = messages[2].content;
                assert.equal(typeof content === 'string' ? content : content.map((p) => p.text).join(''), '21 C');
                assert.equal(message.content[0].text, 'Hello from the fake upstream.');
                seen.messages_to_chat.push(message._request_id);
            });

            test('an upstream refusal is the SDK\'s BadRequestError with the upstream\'s words', async () => {
                const { result: error } = await receivedDuring('/v1/chat/completions', () =>
                    anthropic.messages.create({ model: 'fake/gpt-4o-refused', max_tokens: 64, messages: hello }).then(
                        () => assert.fail('a refused request was answered'),
                        (e) => e,
                    ),
                );
                assert.ok(error instanceof Anthropic.BadRequestError, `${error.constructor.name}: ${error.message}`);
                assert.equal(error.status, 400);
                assert.equal(error.error.type, 'error', 'the Anthropic error shape');
                assert.equal(error.error.error.type, 'invalid_request_error');
                assert.equal(error.error.error.message, 'fake upstream: refused on purpose');
                failed.push({ id: errorRequestId(error), status: 400, direction: 'messages_to_chat' });
            });

            test('a field chat completions cannot carry is refused, not dropped', async () => {
                for (const [field, extra] of [
                    ['top_k', { top_k: 5 }],
                    ['thinking', { max_tokens: 2048, thinking: { type: 'enabled', budget_tokens: 1024 } }],
                ])
                    await refusedFor(field, Anthropic, () =>
                        anthropic.messages.create({ model: 'fake/gpt-4o', max_tokens: 64, messages: hello, ...extra }),
                    );
            });

            for (const [model, how] of [
                ['fake/gpt-4o-cut', 'a cut stream'],
                ['fake/gpt-4o-error-event', 'an upstream error event'],
            ]) {
                test(`${how} ends the SDK's stream with a stream_interrupted error event, never message_stop`, async () => {
                    const { data: stream, response } = await anthropic.messages
                        .create({ model, max_tokens: 64, messages: hello, stream: true })
                        .withResponse();
                    assert.equal(response.status, 200);
                    const events = [];
                    const error = await (async () => {
                        for await (const e of stream) events.push(e);
                    })().then(
                        () => assert.fail('the stream ended as if complete'),
                        (e) => e,
                    );
                    // The SDK raises an error event as an error carrying the event's data.
                    assert.ok(error instanceof Anthropic.AnthropicError, `${error.constructor.name}: ${error.message}`);
                    assert.match(error.message, /stream_interrupted/);
                    assert.deepEqual(events.map((e) => e.type), ['message_start', 'content_block_start', 'content_block_delta']);
                    assert.equal(events[2].delta.text, 'Hel');
                    failed.push({ id: response.headers.get('request-id'), status: 200, code: 'stream_interrupted', direction: 'messages_to_chat' });
                });
            }
        });

        describe('failing over between dialects', () => {
            // Each model's first offering answers 500, its second speaks the other dialect.
            const routes = {
                'fake/claude-then-gpt': [['/v1/messages', 'always-500'], ['/v1/chat/completions', 'gpt-4o']],
                'fake/gpt-then-claude': [['/v1/chat/completions', 'always-500'], ['/v1/messages', 'claude-fake']],
            };
            const sent = (from) => fake.requests.slice(from).map((r) => [r.path, r.body.model]);

            for (const model of Object.keys(routes)) {
                test(`the openai SDK through ${model}, whole and streamed`, async () => {
                    let from = fake.requests.length;
                    const answer = await openai.chat.completions.create({ model, messages: hello });
                    assert.deepEqual(sent(from), routes[model]);
                    assert.equal(answer.choices[0].message.content, 'Hello from the fake upstream.');
                    assert.equal(answer.model, model);
                    from = fake.requests.length;
                    const stream = await openai.chat.completions.create({ model, messages: hello, stream: true });
                    let text = '';
                    for await (const c of stream) text += c.choices[0]?.delta?.content ?? '';
                    assert.deepEqual(sent(from), routes[model]);
                    assert.equal(text, 'Hello');
                    const first = model === 'fake/claude-then-gpt' ? 'chat_to_messages' : 'none';
                    failedOver.push({ id: answer._request_id, translations: [first, first === 'none' ? 'chat_to_messages' : 'none'] });
                });

                test(`the Anthropic SDK through ${model}, whole and streamed`, async () => {
                    let from = fake.requests.length;
                    const message = await anthropic.messages.create({ model, max_tokens: 64, messages: hello });
                    assert.deepEqual(sent(from), routes[model]);
                    assert.equal(message.content[0].text, 'Hello from the fake upstream.');
                    assert.equal(message.model, model);
                    from = fake.requests.length;
                    const streamed = await anthropic.messages.stream({ model, max_tokens: 64, messages: hello }).finalMessage();
                    assert.deepEqual(sent(from), routes[model]);
                    assert.deepEqual(streamed.content, [{ type: 'text', text: 'Hello' }]);
                    const first = model === 'fake/gpt-then-claude' ? 'messages_to_chat' : 'none';
                    failedOver.push({ id: message._request_id, translations: [first, first === 'none' ? 'messages_to_chat' : 'none'] });
                });
            }
        });

        test('each receipt records the translation its attempt went through (R-XLAT-5)', async () => {
            await gateway.terminate(); // writes every receipt
            const receipts = await gateway.query('select request_id, http_status, error_code, attempts, skips from receipt');
            const byId = new Map(receipts.map((r) => [r.request_id, r]));
            for (const [direction, ids] of Object.entries(seen)) {
                assert.ok(ids.length >= 4, `${ids.length} ${direction} ids`);
                for (const id of ids) {
                    const receipt = byId.get(id);
                    assert.ok(receipt, `${id} has a receipt`);
                    assert.equal(receipt.http_status, 200);
                    const attempts = JSON.parse(receipt.attempts);
                    assert.equal(attempts.length, 1, `${id}: one attempt`);
                    assert.ok(attempts[0].includes(direction), `${id}: ${receipt.attempts} records ${direction}`);
                }
            }
            assert.equal(failed.length, 6);
            for (const { id, status, code, direction } of failed) {
                const receipt = byId.get(id);
                assert.ok(receipt, `${id} has a receipt`);
                assert.equal(receipt.http_status, status, id);
                if (code) assert.equal(receipt.error_code, code, id);
                assert.ok(JSON.parse(receipt.attempts).every((a) => a.includes(direction)), `${id}: ${receipt.attempts} records ${direction}`);
            }
            // Per attempt: the translated one names its direction, the other names none.
            assert.equal(failedOver.length, 4);
            for (const { id, translations } of failedOver) {
                const receipt = byId.get(id);
                assert.ok(receipt, `${id} has a receipt`);
                assert.equal(receipt.http_status, 200);
                const attempts = JSON.parse(receipt.attempts);
                assert.deepEqual(
                    attempts.map((a) => ['chat_to_messages', 'messages_to_chat'].find((d) => a.includes(d)) ?? 'none'),
                    translations,
                    `${id}: ${receipt.attempts}`,
                );
            }
            // The refused candidate is a cannot_serve skip whose fact names the field.
            assert.equal(refused.length, 5);
            for (const { id, field } of refused) {
                const receipt = byId.get(id);
                assert.ok(receipt, `${id} has a receipt`);
                assert.equal(receipt.error_code, 'route_constraints_unmet');
                const skips = JSON.parse(receipt.skips ?? '[]');
                assert.equal(skips.length, 1, `${id}: ${receipt.skips}`);
                const text = JSON.stringify(skips[0]);
                assert.ok(text.includes('"cannot_serve"') && text.includes(`"${field}"`), `${id}: ${text} names ${field}`);
            }
        });
    });
}
