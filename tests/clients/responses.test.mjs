// The official SDKs on the APIs SPEC §3b adds: the openai SDK's client.responses (POST /v1/responses,
// served by translation to the fake's chat completions or messages) and the Anthropic SDK's
// messages.countTokens (POST /v1/messages/count_tokens, relayed to the model's first anthropic
// candidate), each in its current major and the previous one (sdks.mjs).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { callerKey, FakeUpstream, Gateway } from './harness.mjs';
import { anthropicMajors, errorRequestId, openaiMajors } from './sdks.mjs';

const weatherParameters = {
    type: 'object',
    properties: { city: { type: 'string' }, unit: { type: 'string' } },
    required: ['city'],
};
const tools = [{ type: 'function', name: 'get_weather', description: 'Weather in a city', parameters: weatherParameters, strict: false }];

// The Responses events of a streamed answer with one text part, in order (R-RESP-4).
const textEvents = (deltas) => [
    'response.created',
    'response.in_progress',
    'response.output_item.added',
    'response.content_part.added',
    ...Array(deltas).fill('response.output_text.delta'),
    'response.output_text.done',
    'response.content_part.done',
    'response.output_item.done',
    'response.completed',
];

// One counter of the gateway's /metrics, by its labels as written there ('' for none).
async function metric(gateway, name, labels) {
    const res = await fetch(`${gateway.origin}/metrics`, { headers: { authorization: `Bearer ${callerKey}` } });
    assert.equal(res.status, 200);
    const line = (await res.text()).split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
    return line ? Number(line.split(' ')[1]) : 0;
}

for (const { label, OpenAI } of openaiMajors) {
    describe(`${label}: client.responses`, () => {
        let fake;
        let gateway;
        let client;
        // Request ids the SDK read, each a receipt of the responses endpoint.
        const seenIds = [];

        before(async () => {
            fake = new FakeUpstream();
            await fake.start();
            gateway = await Gateway.start(fake);
            client = new OpenAI({ apiKey: callerKey, baseURL: `${gateway.origin}/v1` });
        });

        // The fake upstream first: it cuts anything a failed test left held, so the gateway can stop.
        after(async () => {
            await fake?.stop();
            await gateway?.stop();
        });

        // The upstream requests made while fn ran.
        async function upstreamDuring(fn) {
            const from = fake.requests.length;
            const result = await fn();
            return { result, sent: fake.requests.slice(from) };
        }

        // Each model's only offering speaks one dialect: the Responses call is translated to it.
        const dialects = [
            {
                model: 'fake/gpt-4o',
                path: '/v1/chat/completions',
                callId: 'call_fake_1',
                streamedCallId: 'call_fake_s1',
                arguments: { city: 'Paris', unit: 'celsius' },
                streamUsage: { input_tokens: 3, output_tokens: 2 },
                // The system text and the roles of the forwarded conversation.
                system: (body) => body.messages.filter((m) => m.role === 'system').map((m) => m.content).join(''),
                roles: (body) => body.messages.filter((m) => m.role !== 'system').map((m) => m.role),
                toolResult: (body) => [body.messages.at(-1).tool_call_id, body.messages.at(-1).content],
                preface: [],
            },
            {
                model: 'fake/claude',
                path: '/v1/messages',
                callId: 'toolu_fake_1',
                streamedCallId: 'toolu_fake_1',
                arguments: { city: 'Paris' },
                streamUsage: { input_tokens: 7, output_tokens: 2 },
                system: (body) => (typeof body.system === 'string' ? body.system : (body.system ?? []).map((b) => b.text).join('')),
                roles: (body) => body.messages.map((m) => m.role),
                toolResult: (body) => {
                    const result = body.messages.at(-1).content.find((b) => b.type === 'tool_result');
                    const text = typeof result.content === 'string' ? result.content : result.content.map((b) => b.text).join('');
                    return [result.tool_use_id, text];
                },
                // The Anthropic fake says something before it calls the tool.
                preface: ['Let me look that up.'],
            },
        ];

        for (const d of dialects) {
            test(`${d.model}: a response, with instructions, usage and the request id`, async () => {
                const { result, sent } = await upstreamDuring(() =>
                    client.responses
                        .create({ model: d.model, instructions: 'Be brief.', input: 'Hello', temperature: 0.2 })
                        .withResponse(),
                );
                const { data: response } = result;
                assert.deepEqual(sent.map((r) => r.path), [d.path]);
                assert.equal(d.system(sent[0].body), 'Be brief.');
                assert.deepEqual(d.roles(sent[0].body), ['user']);
                assert.equal(sent[0].body.temperature, 0.2);
                assert.equal(response.object, 'response');
                assert.equal(response.status, 'completed');
                assert.equal(response.model, d.model);
                assert.equal(response.output.length, 1);
                assert.equal(response.output[0].type, 'message');
                assert.equal(response.output[0].role, 'assistant');
                assert.deepEqual(response.output[0].content.map((c) => c.type), ['output_text']);
                assert.equal(response.output_text, 'Hello from the fake upstream.');
                assert.equal(response.usage.input_tokens, 7);
                assert.equal(response.usage.output_tokens, 5);
                assert.equal(response.usage.total_tokens, 12);
                assert.match(response._request_id, /^req_[0-9a-f]+$/);
                seenIds.push(response._request_id);
            });

            // A buffered stream would hang this test: the timeout turns that into a failure.
            test(`${d.model}: a streamed response, its events in order, read before the upstream has finished`, { timeout: 60000 }, async () => {
                const held = fake.holdNextStream();
                const { data: stream, response } = await client.responses
                    .create({ model: d.model, input: [{ role: 'user', content: [{ type: 'input_text', text: 'Hello' }] }], stream: true })
                    .withResponse();
                seenIds.push(response.headers.get('x-request-id'));
                const events = [];
                const pieces = stream[Symbol.asyncIterator]();
                let text = '';
                while (!text.includes('Hel')) {
                    const { value, done } = await pieces.next();
                    assert.equal(done, false, 'the stream ended before the held piece');
                    events.push(value);
                    if (value.type === 'response.output_text.delta') text += value.delta;
                }
                assert.equal(held.waiting, true, 'the upstream is still holding the rest of its answer');
                held.release();
                for (let r = await pieces.next(); !r.done; r = await pieces.next()) {
                    events.push(r.value);
                    if (r.value.type === 'response.output_text.delta') text += r.value.delta;
                }
                assert.equal(text, 'Hello');
                const deltas = events.filter((e) => e.type === 'response.output_text.delta').length;
                assert.deepEqual(events.map((e) => e.type), textEvents(deltas));
                const numbers = events.map((e) => e.sequence_number);
                assert.ok(numbers.every((n, i) => i === 0 || n > numbers[i - 1]), `increasing: ${numbers}`);
                assert.equal(events.find((e) => e.type === 'response.output_text.done').text, 'Hello');
                const completed = events.at(-1).response;
                assert.equal(completed.status, 'completed');
                assert.equal(completed.output[0].content[0].text, 'Hello');
                assert.equal(completed.usage.input_tokens, d.streamUsage.input_tokens);
                assert.equal(completed.usage.output_tokens, d.streamUsage.output_tokens);
            });

            test(`${d.model}: function tools over two turns, the call's output sent back as an item`, async () => {
                const first = await client.responses.create({ model: d.model, input: 'Weather in Paris?', tools, tool_choice: 'auto' });
                const forwarded = fake.requests.at(-1);
                assert.equal(forwarded.path, d.path);
                assert.equal(first.status, 'completed');
                const calls = first.output.filter((item) => item.type === 'function_call');
                assert.equal(calls.length, 1);
                assert.equal(calls[0].call_id, d.callId);
                assert.equal(calls[0].name, 'get_weather');
                assert.deepEqual(JSON.parse(calls[0].arguments), d.arguments);
                assert.equal(first.output_text, d.preface.join(''));
                seenIds.push(first._request_id);

                // The second turn repeats the conversation (nothing is stored) with the tool's output.
                const { result: second, sent } = await upstreamDuring(() =>
                    client.responses.create({
                        model: d.model,
                        input: [
                            { role: 'user', content: 'Weather in Paris?' },
                            ...first.output,
                            { type: 'function_call_output', call_id: calls[0].call_id, output: '21 C' },
                        ],
                        tools,
                    }),
                );
                assert.deepEqual(sent.map((r) => r.path), [d.path]);
                assert.deepEqual(d.roles(sent[0].body), d.path === '/v1/messages' ? ['user', 'assistant', 'user'] : ['user', 'assistant', 'tool']);
                assert.deepEqual(d.toolResult(sent[0].body), [d.callId, '21 C']);
                assert.equal(second.status, 'completed');
                assert.equal(second.output_text, 'Tool results: 21 C');
                seenIds.push(second._request_id);
            });

            test(`${d.model}: a streamed function call, its arguments in deltas`, async () => {
                const stream = await client.responses.create({ model: d.model, input: 'Weather in Paris?', tools, stream: true });
                const events = [];
                for await (const e of stream) events.push(e);
                const types = events.map((e) => e.type);
                assert.equal(types[0], 'response.created');
                assert.equal(types.at(-1), 'response.completed');
                const deltas = events.filter((e) => e.type === 'response.function_call_arguments.delta').map((e) => e.delta);
                assert.ok(deltas.length >= 1, types.join(', '));
                const done = events.find((e) => e.type === 'response.function_call_arguments.done');
                assert.equal(done.arguments, deltas.join(''));
                assert.deepEqual(JSON.parse(done.arguments), d.arguments);
                const call = events.at(-1).response.output.find((item) => item.type === 'function_call');
                assert.equal(call.call_id, d.streamedCallId);
                assert.equal(call.name, 'get_weather');
                assert.deepEqual(JSON.parse(call.arguments), d.arguments);
            });

            test(`${d.model}: max_output_tokens ending the answer makes it incomplete, whole and streamed`, async () => {
                const whole = await client.responses.create({ model: d.model, input: 'Hello', max_output_tokens: 1 });
                const forwarded = fake.requests.at(-1).body;
                assert.equal(forwarded.max_completion_tokens ?? forwarded.max_tokens, 1);
                assert.equal(whole.status, 'incomplete');
                assert.deepEqual(whole.incomplete_details, { reason: 'max_output_tokens' });
                assert.equal(whole.output_text, 'Hel');
                const stream = await client.responses.create({ model: d.model, input: 'Hello', max_output_tokens: 1, stream: true });
                const events = [];
                for await (const e of stream) events.push(e);
                const last = events.at(-1);
                assert.equal(last.type, 'response.incomplete');
                assert.equal(last.response.status, 'incomplete');
                assert.deepEqual(last.response.incomplete_details, { reason: 'max_output_tokens' });
            });
        }

        test('a json_schema text format reaches chat completions as its response_format', async () => {
            const schema = {
                type: 'object',
                properties: { city: { type: 'string' }, temperature_c: { type: 'number' } },
                required: ['city', 'temperature_c'],
                additionalProperties: false,
            };
            const response = await client.responses.create({
                model: 'fake/gpt-4o',
                input: 'Weather in Paris as JSON',
                text: { format: { type: 'json_schema', name: 'weather', schema, strict: true } },
            });
            assert.deepEqual(fake.requests.at(-1).body.response_format, {
                type: 'json_schema',
                json_schema: { name: 'weather', schema, strict: true },
            });
            assert.deepEqual(JSON.parse(response.output_text), { city: 'Paris', temperature_c: 21 });
        });

        for (const model of ['fake/gpt-4o-cut', 'fake/claude-cut']) {
            test(`${model}: a stream cut after its first text ends with response.failed, never response.completed`, async () => {
                const { data: stream, response } = await client.responses
                    .create({ model, input: 'Hello', stream: true })
                    .withResponse();
                assert.equal(response.status, 200);
                const events = [];
                for await (const e of stream) events.push(e);
                const types = events.map((e) => e.type);
                assert.deepEqual(types.slice(0, 5), [
                    'response.created',
                    'response.in_progress',
                    'response.output_item.added',
                    'response.content_part.added',
                    'response.output_text.delta',
                ]);
                assert.equal(events[4].delta, 'Hel');
                assert.equal(types.at(-1), 'response.failed');
                assert.ok(!types.includes('response.completed'), types.join(', '));
                const failed = events.at(-1).response;
                assert.equal(failed.status, 'failed');
                assert.equal(failed.error.code, 'stream_interrupted');
            });
        }

        test('the stream helper accumulates the final response and hands on a cut stream\'s response.failed', async () => {
            const stream = client.responses.stream({ model: 'fake/claude', input: 'Hello' });
            const deltas = [];
            stream.on('response.output_text.delta', (e) => deltas.push(e.delta));
            const response = await stream.finalResponse();
            assert.deepEqual(deltas, ['Hel', 'lo']);
            assert.equal(response.status, 'completed');
            // The old major's helper does not add output_text: the message item holds the text.
            assert.equal(response.output[0].content[0].text, 'Hello');
            // What the helper makes of response.failed differs by major; the event it hands on does not.
            const cut = client.responses.stream({ model: 'fake/claude-cut', input: 'Hello' });
            const events = [];
            cut.on('event', (e) => events.push(e));
            await cut.done();
            assert.equal(events.at(-1).type, 'response.failed');
            assert.equal(events.at(-1).response.error.code, 'stream_interrupted');
            assert.ok(!events.some((e) => e.type === 'response.completed'));
        });

        for (const [field, extra] of [
            ['previous_response_id', { previous_response_id: 'resp_0123456789' }],
            ['conversation', { conversation: 'conv_0123456789' }],
            ['background', { background: true }],
        ]) {
            test(`${field} is refused with 400 unsupported_parameter: nothing is kept between calls`, async () => {
                const { result: error, sent } = await upstreamDuring(() =>
                    client.responses.create({ model: 'fake/gpt-4o', input: 'Hello', ...extra }).then(
                        () => assert.fail(`${field} was accepted`),
                        (e) => e,
                    ),
                );
                assert.ok(error instanceof OpenAI.BadRequestError, `${error.constructor.name}: ${error.message}`);
                assert.equal(error.status, 400);
                assert.equal(error.code, 'unsupported_parameter');
                assert.match(error.message, new RegExp(field));
                assert.match(errorRequestId(error), /^req_/);
                assert.deepEqual(sent, [], 'nothing reached the upstream');
            });
        }

        test('store is accepted, and the answers are receipts of the responses endpoint', async () => {
            const response = await client.responses.create({ model: 'fake/gpt-4o', input: 'Hello', store: true });
            assert.equal(response.status, 'completed');
            seenIds.push(response._request_id);
            await gateway.terminate(); // writes every receipt
            const receipts = await gateway.query('select request_id, endpoint, http_status from receipt');
            const byId = new Map(receipts.map((r) => [r.request_id, r]));
            assert.ok(seenIds.length >= 8, `${seenIds.length} ids`);
            for (const id of seenIds) {
                assert.equal(byId.get(id)?.endpoint, 'responses', `${id}: ${JSON.stringify(byId.get(id))}`);
                assert.equal(byId.get(id).http_status, 200);
            }
        });
    });
}

for (const { label, Anthropic } of anthropicMajors) {
    describe(`${label}: messages.countTokens`, () => {
        let fake;
        let gateway;
        let client;

        before(async () => {
            fake = new FakeUpstream();
            await fake.start();
            gateway = await Gateway.start(fake);
            client = new Anthropic({ apiKey: callerKey, baseURL: gateway.origin });
        });

        after(async () => {
            await fake?.stop();
            await gateway?.stop();
        });

        const ask = {
            system: 'Be brief.',
            messages: [{ role: 'user', content: 'Hello there, how are you?' }],
        };

        // The fake counts 3 + the words of the texts: 3 + 2 (system) + 5 (the message).
        for (const [model, upstream] of [
            ['fake/claude', 'claude-fake'],
            ['fake/gpt-then-claude', 'claude-fake'],
        ]) {
            test(`${model}: the count of its first anthropic candidate (${upstream}) is relayed`, async () => {
                const from = fake.requests.length;
                const before = await metric(gateway, 'switchboard_token_counts_total', 'code="200"');
                const count = await client.messages.countTokens({ model, ...ask });
                assert.deepEqual({ ...count }, { input_tokens: 10 });
                const sent = fake.requests.slice(from);
                assert.deepEqual(sent.map((r) => [r.path, r.body.model]), [['/v1/messages/count_tokens', upstream]]);
                assert.equal(sent[0].headers['anthropic-version'], '2023-06-01');
                assert.deepEqual(sent[0].body.messages, ask.messages);
                assert.equal(await metric(gateway, 'switchboard_token_counts_total', 'code="200"'), before + 1);
            });
        }

        test('a model without an anthropic candidate gets 400 route_constraints_unmet, nothing sent', async () => {
            const from = fake.requests.length;
            const error = await client.messages.countTokens({ model: 'fake/gpt-4o', ...ask }).then(
                () => assert.fail('counted without an anthropic candidate'),
                (e) => e,
            );
            assert.ok(error instanceof Anthropic.BadRequestError, `${error.constructor.name}: ${error.message}`);
            assert.equal(error.status, 400);
            assert.equal(error.error.type, 'error', 'the Anthropic error shape');
            assert.equal(error.error.error.type, 'invalid_request_error');
            assert.match(JSON.stringify(error.error), /route_constraints_unmet/);
            assert.equal(fake.requests.length, from);
        });

        test('counting leaves no receipt', async () => {
            await gateway.terminate(); // writes every receipt
            // Callers' calls only: the gateway probes its simulator offerings on its own (kind probe).
            assert.deepEqual(await gateway.query("select request_id from receipt where kind = 'call'"), []);
        });
    });
}
