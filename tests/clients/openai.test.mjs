// The official OpenAI Node SDK against switchboard-gateway, in its current major and the previous
// one (sdks.mjs): what a user of the SDK does after pointing baseURL at the gateway (README "Calling
// the gateway"). Each major gets its own gateway, so the receipts at the end are its own.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { callerKey, FakeUpstream, Gateway } from './harness.mjs';
import { errorHeader, errorRequestId, openaiMajors } from './sdks.mjs';

for (const { label, OpenAI, chatHelpers } of openaiMajors) {
    describe(label, () => {
        let fake;
        let gateway;
        let client;
        // Request ids as the SDK gave them, to find as receipts at the end.
        const seenIds = [];
        let badRequestId;

        before(async () => {
            fake = new FakeUpstream();
            await fake.start();
            gateway = await Gateway.start(fake);
            // The SDK's defaults (2 retries, its own timeout and transport).
            client = new OpenAI({ apiKey: callerKey, baseURL: `${gateway.origin}/v1` });
        });

        // The fake upstream first: it cuts anything a failed test left held, so the gateway can stop.
        after(async () => {
            await fake?.stop();
            await gateway?.stop();
        });

        const hello = [{ role: 'user', content: 'Hello' }];

        test('chat completion through the simulator, with the request id readable', async () => {
            const { data, response } = await client.chat.completions
                .create({ model: 'sim/gpt-4o', messages: hello })
                .withResponse();
            assert.equal(data.object, 'chat.completion');
            assert.equal(data.model, 'sim/gpt-4o');
            assert.equal(data.choices[0].message.role, 'assistant');
            assert.match(data.choices[0].message.content, /^\[sim\] /);
            assert.ok(data.usage.total_tokens > 0);
            assert.match(data._request_id, /^req_[0-9a-f]+$/);
            assert.equal(response.headers.get('x-request-id'), data._request_id);
            seenIds.push(data._request_id);
        });

        // A buffered stream would hang this test: the timeout turns that into a failure.
        test('streamed chat is read piece by piece before the upstream has finished', { timeout: 60000 }, async () => {
            const held = fake.holdNextStream();
            const { data: stream, response } = await client.chat.completions
                .create({ model: 'fake/gpt-4o', messages: hello, stream: true })
                .withResponse();
            assert.match(response.headers.get('x-request-id'), /^req_/);
            seenIds.push(response.headers.get('x-request-id'));
            const pieces = stream[Symbol.asyncIterator]();
            let text = '';
            // The fake upstream sends "Hel" and then waits for release(): this loop ends only if both the
            // gateway and the SDK hand each chunk on as it arrives (a buffered stream never gets here and
            // the test times out).
            while (!text.includes('Hel')) {
                const { value, done } = await pieces.next();
                assert.equal(done, false, 'the stream ended before the held piece');
                assert.equal(value.object, 'chat.completion.chunk');
                text += value.choices[0]?.delta?.content ?? '';
            }
            assert.equal(held.waiting, true, 'the upstream is still holding the rest of its answer');
            held.release();
            let finish = null;
            for (let r = await pieces.next(); !r.done; r = await pieces.next()) {
                text += r.value.choices[0]?.delta?.content ?? '';
                finish = r.value.choices[0]?.finish_reason ?? finish;
            }
            assert.equal(text, 'Hello');
            assert.equal(finish, 'stop');
        });

        test('a tool call comes back as the SDK types it', async () => {
            const tools = [
                {
                    type: 'function',
                    function: {
                        name: 'get_weather',
                        description: 'Weather in a city',
                        parameters: {
                            type: 'object',
                            properties: { city: { type: 'string' }, unit: { type: 'string' } },
                            required: ['city'],
                        },
                    },
                },
            ];
            const answer = await client.chat.completions.create({
                model: 'fake/gpt-4o',
                messages: [{ role: 'user', content: 'Weather in Paris?' }],
                tools,
                tool_choice: 'auto',
            });
            const forwarded = fake.requests.at(-1).body;
            assert.deepEqual(forwarded.tools, tools, 'the gateway forwards the tools unchanged');
            assert.equal(forwarded.tool_choice, 'auto');
            assert.equal(answer.choices[0].finish_reason, 'tool_calls');
            const [call] = answer.choices[0].message.tool_calls;
            assert.equal(call.type, 'function');
            assert.equal(call.function.name, 'get_weather');
            assert.deepEqual(JSON.parse(call.function.arguments), { city: 'Paris', unit: 'celsius' });
            seenIds.push(answer._request_id);
        });

        test('a JSON schema response format is forwarded and its answer parses', async () => {
            const schema = {
                type: 'object',
                properties: { city: { type: 'string' }, temperature_c: { type: 'number' } },
                required: ['city', 'temperature_c'],
                additionalProperties: false,
            };
            const response_format = {
                type: 'json_schema',
                json_schema: { name: 'weather', strict: true, schema },
            };
            // parse() is the SDK's structured-output helper: it reads message.content as JSON.
            const answer = await chatHelpers(client).parse({
                model: 'fake/gpt-4o',
                messages: [{ role: 'user', content: 'Weather in Paris as JSON' }],
                response_format,
            });
            assert.deepEqual(fake.requests.at(-1).body.response_format, response_format);
            assert.deepEqual(answer.choices[0].message.parsed, { city: 'Paris', temperature_c: 21 });
        });

        test('embeddings, in the base64 encoding the SDK asks for by default, decode to floats', async () => {
            const answer = await client.embeddings.create({
                model: 'sim/text-embedding-3-small',
                input: ['first', 'second'],
            });
            assert.equal(answer.object, 'list');
            assert.equal(answer.data.length, 2);
            // The simulator's vectors: ((i * 31 + d * 17) % 100) / 100 - 0.5, as float32.
            for (const [i, item] of answer.data.entries()) {
                assert.equal(item.index, i);
                const expected = Array.from({ length: 8 }, (_, d) => Math.fround(((i * 31 + d * 17) % 100) / 100 - 0.5));
                assert.deepEqual(Array.from(item.embedding), expected);
            }
            assert.ok(answer.usage.prompt_tokens > 0);
            seenIds.push(answer._request_id);
        });

        test('models list names what the key may use', async () => {
            const ids = [];
            for await (const model of client.models.list()) ids.push(model.id);
            for (const id of ['sim/gpt-4o', 'sim/text-embedding-3-small', 'fake/gpt-4o'])
                assert.ok(ids.includes(id), `${id} in ${ids.join(', ')}`);
        });

        test('a wrong key is the SDK\'s AuthenticationError (401)', async () => {
            const stranger = new OpenAI({
                apiKey: 'sb-not-a-key-of-this-workspace',
                baseURL: `${gateway.origin}/v1`,
            });
            const error = await stranger.chat.completions.create({ model: 'sim/gpt-4o', messages: hello }).then(
                () => assert.fail('a wrong key was accepted'),
                (e) => e,
            );
            assert.ok(error instanceof OpenAI.AuthenticationError, `${error.constructor.name}: ${error.message}`);
            assert.equal(error.status, 401);
            assert.match(errorRequestId(error), /^req_/);
        });

        test('an unknown model is the SDK\'s NotFoundError (404) with the gateway\'s code', async () => {
            const error = await client.chat.completions.create({ model: 'nobody/nothing', messages: hello }).then(
                () => assert.fail('an unknown model was served'),
                (e) => e,
            );
            assert.ok(error instanceof OpenAI.NotFoundError, `${error.constructor.name}: ${error.message}`);
            assert.equal(error.status, 404);
            assert.equal(error.code, 'model_not_found');
            assert.match(errorRequestId(error), /^req_/);
            seenIds.push(errorRequestId(error));
        });

        test('a bad request is the SDK\'s BadRequestError (400), sent once', async () => {
            let error;
            const sent = await gateway.countResponses(400, async () => {
                error = await client.chat.completions.create({ model: 'sim/gpt-4o', messages: [] }).then(
                    () => assert.fail('an empty messages array was accepted'),
                    (e) => e,
                );
            });
            assert.ok(error instanceof OpenAI.BadRequestError, `${error.constructor.name}: ${error.message}`);
            assert.equal(error.status, 400);
            assert.equal(sent, 1, 'one call, one 400 answer');
            badRequestId = errorRequestId(error);
            seenIds.push(badRequestId);
        });

        test('a final 5xx is not retried by the SDK (x-should-retry: false)', async () => {
            // The SDK retries 5xx answers twice by default unless the answer says not to; the gateway has
            // already tried everything it could, so one SDK call must reach it exactly once.
            const statuses = [];
            const before = await gateway.responsesByStatus();
            const error = await client.chat.completions.create({ model: 'fake/broken', messages: hello }).then(
                () => assert.fail('a broken upstream answered'),
                (e) => e,
            );
            const afterCounts = await gateway.responsesByStatus();
            for (const [code, n] of Object.entries(afterCounts))
                for (let k = before[code] ?? 0; k < n; ++k) statuses.push(Number(code));
            assert.ok(error instanceof OpenAI.APIError, `${error.constructor.name}: ${error.message}`);
            assert.ok(error.status >= 500, `status ${error.status}`);
            assert.equal(errorHeader(error, 'x-should-retry'), 'false');
            assert.deepEqual(statuses, [error.status], 'exactly one answer for one SDK call');
            seenIds.push(errorRequestId(error));
            assert.ok(fake.hits.get('always-500') >= 1, 'the gateway did try the upstream');
        });

        // The gateway refuses the body by its Content-Length while the SDK is still sending it: the SDK
        // must read the 413, not a reset (R-SEC-2; the gateway lingers as nginx does before closing).
        test('a body over the limit is the SDK\'s APIError (413) with the gateway\'s code, not a connection error', { timeout: 60000 }, async () => {
            const big = 'x'.repeat(17 * 1024 * 1024);
            const error = await client.chat.completions
                .create({ model: 'sim/gpt-4o', messages: [{ role: 'user', content: big }] })
                .then(
                    () => assert.fail('a 17 MiB body was accepted'),
                    (e) => e,
                );
            assert.ok(!(error instanceof OpenAI.APIConnectionError), `${error.constructor.name}: ${error.message}`);
            assert.ok(error instanceof OpenAI.APIError, `${error.constructor.name}: ${error.message}`);
            assert.equal(error.status, 413);
            assert.equal(error.code, 'request_too_large');
            assert.match(errorRequestId(error), /^req_/);
            assert.equal(errorHeader(error, 'x-should-retry'), 'false');
        });

        test('the request ids the SDK read are receipts, and the 400 left exactly one', async () => {
            await gateway.terminate(); // writes every receipt
            const receipts = await gateway.query('select request_id, http_status from receipt');
            const byId = new Map(receipts.map((r) => [r.request_id, r.http_status]));
            assert.ok(seenIds.length >= 4, `${seenIds.length} ids`);
            for (const id of seenIds) assert.ok(byId.has(id), `${id} has a receipt`);
            assert.deepEqual(
                receipts.filter((r) => r.http_status === 400),
                [{ request_id: badRequestId, http_status: 400 }],
            );
        });
    });
}
