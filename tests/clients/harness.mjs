// The real switchboard-gateway binary on a temporary database, and a fake OpenAI- and
// Anthropic-compatible upstream (a plain node:http server) that some of its models are routed to.
// The official SDKs then talk to the gateway exactly as they talk to a provider.
//
// SWITCHBOARD_GATEWAY names the binary (CTest sets it to the one just built); receipts are read
// with the sqlite3 command (scripts/setup installs it).

import { spawn, execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const gatewayExe = process.env.SWITCHBOARD_GATEWAY;
if (!gatewayExe)
    throw new Error('SWITCHBOARD_GATEWAY must name the switchboard-gateway binary (ctest sets it)');

// The caller key the workspace holds (by its SHA-256 only, as every workspace does).
export const callerKey = 'sb-clients-test-key-0123456789abcdefghij';

// What the fake upstream answers on /v1/chat/completions and /v1/messages, chosen by the upstream
// model name the gateway sends it.
//   always-500: every attempt fails with 500 (the gateway's own retries and fallbacks give up).
//   always-400: every attempt is refused with 400 invalid_request_error, in the upstream's shape.
//   cut-mid-stream, error-mid-stream: a stream ends after its first text piece ("Hel"), the
//   connection cut or with the API's error event (overloaded).
//   anything else: an answer; a tool call when the request has tools (one per tool, the first
//   for Paris, the others for Lyon: parallel calls), unless its last message is the tools'
//   results, which get a final text naming them ("Tool results: 21 C", as a tool loop's last
//   step, whole or streamed); a JSON object when it asks
//   for a json_schema response format (chat); SSE when it asks to stream, held after the first
//   text piece ("Hel") until the test releases it (holdNextStream), then "lo" and the end; a
//   streamed tool call (arguments in several pieces) when a streaming request has tools. As the
//   providers do, a chat stream carries usage only when stream_options.include_usage asks for it,
//   in a last chunk without choices. A request for at most 1 token gets "Hel", cut at that limit.
// /v1/messages/count_tokens answers {"input_tokens": 3 + the words of the request's texts}
// (countTokens(), as Anthropic answers it).
export class FakeUpstream {
    constructor() {
        this.requests = []; // every parsed request body, in arrival order
        this.hits = new Map(); // upstream model -> attempts received
        this.held = null; // { release, released, waiting } for the next streamed answer
        this.holds = []; // every hold handed out, released at stop()
        this.server = createServer((req, res) => this.#handle(req, res));
    }

    async start() {
        await new Promise((resolve) => this.server.listen(0, '127.0.0.1', resolve));
        this.port = this.server.address().port;
    }

    async stop() {
        for (const h of this.holds) h.release();
        this.server.closeAllConnections();
        await new Promise((resolve) => this.server.close(resolve));
    }

    // The next streamed answer stops after its first text piece until release() of the returned
    // hold is called; hold.waiting tells whether it is stopped there now.
    holdNextStream() {
        let release;
        const released = new Promise((resolve) => (release = resolve));
        this.held = { release, released, waiting: false };
        this.holds.push(this.held);
        return this.held;
    }

    #handle(req, res) {
        const chunks = [];
        req.on('data', (c) => chunks.push(c));
        req.on('end', () => {
            let body = {};
            try {
                body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {
                res.writeHead(400, { 'content-type': 'application/json' });
                res.end('{"error":{"message":"fake upstream: not JSON","type":"invalid_request_error"}}');
                return;
            }
            this.requests.push({ path: req.url, headers: req.headers, body });
            this.hits.set(body.model, (this.hits.get(body.model) ?? 0) + 1);
            if (req.url === '/v1/messages/count_tokens') {
                res.writeHead(200, { 'content-type': 'application/json' });
                res.end(JSON.stringify({ input_tokens: countTokens(body) }));
            } else if (req.url === '/v1/messages') {
                this.#messages(body, res);
            } else if (req.url !== '/v1/chat/completions') {
                res.writeHead(404, { 'content-type': 'application/json' });
                res.end('{"error":{"message":"fake upstream: no such route","type":"not_found"}}');
            } else if (body.model === 'always-500') {
                res.writeHead(500, { 'content-type': 'application/json' });
                res.end('{"error":{"message":"fake upstream: broken on purpose","type":"server_error"}}');
            } else if (body.model === 'always-400') {
                res.writeHead(400, { 'content-type': 'application/json' });
                res.end('{"error":{"message":"fake upstream: refused on purpose","type":"invalid_request_error","param":null,"code":"refused_on_purpose"}}');
            } else if (body.stream) {
                this.#stream(body, res);
            } else {
                res.writeHead(200, { 'content-type': 'application/json' });
                res.end(JSON.stringify(this.#complete(body)));
            }
        });
    }

    #complete(body) {
        const message = { role: 'assistant', content: 'Hello from the fake upstream.' };
        let finish = 'stop';
        if (toolResultsLast(body)) {
            message.content = finalText(body);
        } else if (hasTools(body)) {
            message.content = null;
            message.tool_calls = body.tools.map((tool, i) => ({
                id: `call_fake_${i + 1}`,
                type: 'function',
                function: {
                    name: tool.function.name,
                    arguments: JSON.stringify(i === 0 ? { city: 'Paris', unit: 'celsius' } : { city: 'Lyon' }),
                },
            }));
            finish = 'tool_calls';
        } else if (body.response_format?.type === 'json_schema') {
            message.content = JSON.stringify({ city: 'Paris', temperature_c: 21 });
        } else if (atMostOneToken(body)) {
            message.content = 'Hel';
            finish = 'length';
        }
        return {
            id: 'chatcmpl-fake-1',
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: body.model,
            choices: [{ index: 0, message, finish_reason: finish, logprobs: null }],
            usage: { prompt_tokens: 7, completion_tokens: 5, total_tokens: 12 },
        };
    }

    async #stream(body, res) {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        const chunk = (delta, finish = null, extra = {}) =>
            `data: ${JSON.stringify({
                id: 'chatcmpl-fake-2',
                object: 'chat.completion.chunk',
                created: Math.floor(Date.now() / 1000),
                model: body.model,
                choices: [{ index: 0, delta, finish_reason: finish }],
                ...extra,
            })}\n\n`;
        const usage = { usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 } };
        const end = () => {
            if (body.stream_options?.include_usage) res.write(chunk(null, null, { choices: [], ...usage }));
            res.end('data: [DONE]\n\n');
        };
        if (toolResultsLast(body)) {
            const text = finalText(body);
            res.write(chunk({ role: 'assistant', content: '' }));
            for (const content of [text.slice(0, 5), text.slice(5)]) res.write(chunk({ content }));
            res.write(chunk({}, 'stop'));
            end();
            return;
        }
        if (hasTools(body)) {
            // One call after the other, each named first and its arguments in pieces, as OpenAI streams.
            for (const [index, tool] of body.tools.entries()) {
                const call = (fn, extra = {}) => ({ tool_calls: [{ index, ...extra, function: fn }] });
                const start = call({ name: tool.function.name, arguments: '' }, { id: `call_fake_s${index + 1}`, type: 'function' });
                res.write(chunk(index === 0 ? { role: 'assistant', content: null, ...start } : start));
                const pieces = index === 0 ? ['{"city":', ' "Paris", "unit"', ': "celsius"}'] : ['{"city"', ': "Lyon"}'];
                for (const piece of pieces) res.write(chunk(call({ arguments: piece })));
            }
            res.write(chunk({}, 'tool_calls'));
            end();
            return;
        }
        res.write(chunk({ role: 'assistant', content: '' }));
        res.write(chunk({ content: 'Hel' }));
        if (atMostOneToken(body)) {
            res.write(chunk({}, 'length'));
            end();
            return;
        }
        if (this.#failMidStream(body, res, 'data: {"error":{"message":"fake upstream: overloaded","type":"server_error"}}\n\n'))
            return;
        const held = this.held;
        this.held = null;
        if (held) {
            held.waiting = true;
            await held.released;
            held.waiting = false;
        }
        res.write(chunk({ content: 'lo' }));
        res.write(chunk({}, 'stop'));
        end();
    }

    // Ends a stream the way its upstream model asks for (cut or error event); false if it does not.
    #failMidStream(body, res, errorEvent) {
        if (body.model === 'cut-mid-stream') {
            // What was written goes out first; then the connection closes without the stream's end.
            res.socket.end();
            return true;
        }
        if (body.model === 'error-mid-stream') {
            res.end(errorEvent);
            return true;
        }
        return false;
    }

    // #complete for /v1/messages, in the Anthropic shape.
    #messageAnswer(body) {
        let content = [{ type: 'text', text: 'Hello from the fake upstream.' }];
        let stop = 'end_turn';
        if (toolResultsLast(body)) {
            content = [{ type: 'text', text: finalText(body) }];
        } else if (hasTools(body)) {
            content = [
                { type: 'text', text: 'Let me look that up.' },
                ...body.tools.map((tool, i) => ({
                    type: 'tool_use',
                    id: `toolu_fake_${i + 1}`,
                    name: tool.name,
                    input: { city: i === 0 ? 'Paris' : 'Lyon' },
                })),
            ];
            stop = 'tool_use';
        } else if (atMostOneToken(body)) {
            content = [{ type: 'text', text: 'Hel' }];
            stop = 'max_tokens';
        }
        return {
            id: 'msg_fake_1',
            type: 'message',
            role: 'assistant',
            model: body.model,
            content,
            stop_reason: stop,
            stop_sequence: null,
            usage: { input_tokens: 7, output_tokens: 5 },
        };
    }

    async #messages(body, res) {
        if (body.model === 'always-500') {
            res.writeHead(500, { 'content-type': 'application/json' });
            res.end('{"type":"error","error":{"type":"api_error","message":"fake upstream: broken on purpose"}}');
            return;
        }
        if (body.model === 'always-400') {
            res.writeHead(400, { 'content-type': 'application/json' });
            res.end('{"type":"error","error":{"type":"invalid_request_error","message":"fake upstream: refused on purpose"}}');
            return;
        }
        // Anthropic's own refusal: the messages API has no default for max_tokens.
        if (!Number.isInteger(body.max_tokens) || body.max_tokens < 1) {
            res.writeHead(400, { 'content-type': 'application/json' });
            res.end('{"type":"error","error":{"type":"invalid_request_error","message":"max_tokens: Field required"}}');
            return;
        }
        if (!body.stream) {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(JSON.stringify(this.#messageAnswer(body)));
            return;
        }
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        const event = (type, data) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
        const message = { ...this.#messageAnswer(body), content: [], stop_reason: null };
        message.usage = { input_tokens: 7, output_tokens: 1 };
        const delta = (text) => event('content_block_delta', { index: 0, delta: { type: 'text_delta', text } });
        res.write(event('message_start', { message }));
        if (toolResultsLast(body)) {
            const text = finalText(body);
            res.write(event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }));
            for (const piece of [text.slice(0, 5), text.slice(5)]) res.write(delta(piece));
            res.write(event('content_block_stop', { index: 0 }));
            res.write(event('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 4 } }));
            res.end(event('message_stop', {}));
            return;
        }
        if (hasTools(body)) {
            const [text, ...uses] = this.#messageAnswer(body).content;
            res.write(event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }));
            res.write(event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: text.text } }));
            res.write(event('content_block_stop', { index: 0 }));
            for (const [i, use] of uses.entries()) {
                const index = i + 1;
                res.write(event('content_block_start', { index, content_block: { ...use, input: {} } }));
                const json = JSON.stringify(use.input);
                for (const partial_json of [json.slice(0, 4), json.slice(4, 11), json.slice(11)])
                    res.write(event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } }));
                res.write(event('content_block_stop', { index }));
            }
            res.write(event('message_delta', { delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 9 } }));
            res.end(event('message_stop', {}));
            return;
        }
        res.write(event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }));
        res.write(delta('Hel'));
        if (atMostOneToken(body)) {
            res.write(event('content_block_stop', { index: 0 }));
            res.write(event('message_delta', { delta: { stop_reason: 'max_tokens', stop_sequence: null }, usage: { output_tokens: 1 } }));
            res.end(event('message_stop', {}));
            return;
        }
        if (this.#failMidStream(body, res, 'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"fake upstream: overloaded"}}\n\n'))
            return;
        const held = this.held;
        this.held = null;
        if (held) {
            held.waiting = true;
            await held.released;
            held.waiting = false;
        }
        res.write(delta('lo'));
        res.write(event('content_block_stop', { index: 0 }));
        res.write(event('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 2 } }));
        res.end(event('message_stop', {}));
    }
}

function atMostOneToken(body) {
    return (body.max_completion_tokens ?? body.max_tokens) === 1;
}

function hasTools(body) {
    return Array.isArray(body.tools) && body.tools.length > 0;
}

// The texts of a content (a string, or parts or blocks with text or content of their own).
function texts(content) {
    if (typeof content === 'string') return [content];
    if (!Array.isArray(content)) return [];
    return content.flatMap((part) => (typeof part.text === 'string' ? [part.text] : texts(part.content)));
}

// The tool results the request ends with: chat's trailing tool messages, or the tool_result
// blocks of a last user turn; none when the last message is anything else.
function trailingToolResults(body) {
    const messages = body.messages ?? [];
    const last = messages.at(-1);
    if (last?.role === 'user' && Array.isArray(last.content))
        return last.content.filter((b) => b.type === 'tool_result').map((b) => texts(b.content).join(''));
    const results = [];
    for (let i = messages.length - 1; i >= 0 && messages[i].role === 'tool'; --i)
        results.unshift(texts(messages[i].content).join(''));
    return results;
}

function toolResultsLast(body) {
    return hasTools(body) && trailingToolResults(body).length > 0;
}

function finalText(body) {
    return `Tool results: ${trailingToolResults(body).join('; ')}`;
}

function countTokens(body) {
    const words = [...texts(body.system), ...(body.messages ?? []).flatMap((m) => texts(m.content))]
        .join(' ')
        .split(/\s+/)
        .filter((w) => w !== '');
    return 3 + words.length;
}

function chatModel(name, connection, upstreamModel) {
    return {
        name,
        modality: 'chat',
        route: 'direct',
        offerings: [
            {
                connection,
                upstreamModel,
                certified: true,
                precision: 'none',
                capabilities: { structuredOutput: true, tools: true, vision: false },
            },
        ],
    };
}

export function workspace(fakePort) {
    const simulator = {
        latencyMs: 5,
        tokensPerSecond: 1000,
        failureRate: 0,
        failureKinds: [],
        retryAfterSeconds: 1,
        cutAfterEvents: 3,
    };
    const embedding = chatModel('sim/text-embedding-3-small', 'sim', 'text-embedding-3-small');
    embedding.modality = 'embedding';
    embedding.offerings[0].capabilities = { structuredOutput: false, tools: false, vision: false };
    // Two quick attempts and no cooldown: the gateway gives up at once instead of waiting for
    // its only deployment to cool down.
    const quickToFail = { overridden: true, attempts: 2, backoffFirstMs: 0, cooldownMs: 0 };
    const broken = chatModel('fake/broken', 'fake', 'always-500');
    broken.recovery = quickToFail;
    const brokenClaude = chatModel('fake/claude-broken', 'fake-anthropic', 'always-500');
    brokenClaude.recovery = quickToFail;
    // fake/gpt-4o-refused, fake/claude-cut, ...: the fake's failure modes for each dialect.
    const failing = [];
    for (const [suffix, upstream] of [['refused', 'always-400'], ['cut', 'cut-mid-stream'], ['error-event', 'error-mid-stream']]) {
        for (const [prefix, connection] of [['fake/gpt-4o', 'fake'], ['fake/claude', 'fake-anthropic']]) {
            const model = chatModel(`${prefix}-${suffix}`, connection, upstream);
            model.recovery = quickToFail;
            failing.push(model);
        }
    }
    // Direct models whose first offering is broken and whose second speaks the other dialect.
    const mixed = [];
    for (const [name, first, second] of [
        ['fake/claude-then-gpt', ['fake-anthropic', 'always-500'], ['fake', 'gpt-4o']],
        ['fake/gpt-then-claude', ['fake', 'always-500'], ['fake-anthropic', 'claude-fake']],
    ]) {
        const model = chatModel(name, ...first);
        model.offerings.push({ ...chatModel(name, ...second).offerings[0] });
        model.recovery = quickToFail;
        mixed.push(model);
    }
    return {
        format: 'switchboard-workspace',
        version: 1,
        name: 'Official clients',
        providers: [
            { id: 'simulator', displayName: 'Built-in simulator', noTraining: true, zeroDataRetention: true },
            { id: 'fakeai', displayName: 'Fake upstream', noTraining: true, zeroDataRetention: true },
        ],
        connections: [
            {
                name: 'sim',
                kind: 'simulator',
                provider: 'simulator',
                region: 'us-east-1',
                simulator,
            },
            {
                name: 'fake',
                kind: 'openai',
                provider: 'fakeai',
                region: 'us-east-1',
                baseUrl: `http://127.0.0.1:${fakePort}/v1`,
                credential: { kind: 'none' },
            },
            {
                name: 'fake-anthropic',
                kind: 'anthropic',
                provider: 'fakeai',
                region: 'us-east-1',
                baseUrl: `http://127.0.0.1:${fakePort}/v1`,
                credential: { kind: 'none' },
            },
        ],
        models: [
            chatModel('sim/gpt-4o', 'sim', 'gpt-4o'),
            chatModel('sim/claude-sonnet-5', 'sim', 'claude-sonnet-5'),
            embedding,
            chatModel('fake/gpt-4o', 'fake', 'gpt-4o'),
            broken,
            chatModel('fake/claude', 'fake-anthropic', 'claude-fake'),
            brokenClaude,
            ...failing,
            ...mixed,
        ],
        aliases: [],
        projects: [{ id: 'default', name: 'Default' }],
        keys: [
            {
                id: 'key_c11e475d5d4a',
                project: 'default',
                name: 'official clients',
                prefix: callerKey.slice(0, 10),
                sha256Hex: createHash('sha256').update(callerKey).digest('hex'),
            },
        ],
    };
}

// A running `switchboard-gateway serve` on a fresh database holding workspace(fake.port), after
// edit(workspace) has changed it in place (limits.test.mjs adds its own projects and keys).
export class Gateway {
    static async start(fake, edit = () => {}) {
        const g = new Gateway();
        g.dir = await mkdtemp(join(tmpdir(), 'switchboard-clients-'));
        g.db = join(g.dir, 'workspace.sqlite');
        const file = join(g.dir, 'workspace.json');
        const ws = workspace(fake.port);
        edit(ws);
        await writeFile(file, JSON.stringify(ws, null, 2));
        try {
            await run(gatewayExe, ['import', '--db', g.db, file]);
        } catch (e) {
            throw new Error(`switchboard-gateway import failed: ${e.stderr || e.message}`);
        }
        g.process = spawn(gatewayExe, ['serve', '--db', g.db, '--listen', '127.0.0.1:0'], {
            stdio: ['ignore', 'pipe', 'pipe'],
        });
        g.log = '';
        g.process.stderr.on('data', (d) => (g.log += d));
        g.origin = await new Promise((resolve, reject) => {
            let out = '';
            g.process.stdout.on('data', (d) => {
                out += d;
                const m = /Listening on (http:\/\/\S+)/.exec(out);
                if (m) resolve(m[1]);
            });
            g.process.on('exit', (code) =>
                reject(new Error(`switchboard-gateway serve exited (${code}) before listening:\n${out}${g.log}`)),
            );
        });
        return g;
    }

    // Stops it as a user would (SIGTERM), which writes every receipt; a gateway that crashed or
    // failed to stop cleanly fails the suite here.
    async terminate() {
        const p = this.process;
        if (p.exitCode === null && p.signalCode === null) {
            const exited = new Promise((resolve) => p.on('exit', resolve));
            p.kill('SIGTERM');
            await exited;
        }
        if (p.exitCode !== 0)
            throw new Error(`switchboard-gateway ended with ${p.exitCode ?? p.signalCode}:\n${this.log}`);
    }

    async stop() {
        try {
            await this.terminate();
        } finally {
            await rm(this.dir, { recursive: true, force: true });
        }
    }

    // Rows of a query on the gateway's database (sqlite3 -json), after terminate().
    async query(sql) {
        const { stdout } = await run('sqlite3', ['-json', this.db, sql]);
        return stdout.trim() ? JSON.parse(stdout) : [];
    }

    // switchboard_responses_total by HTTP status, read from /metrics.
    async responsesByStatus() {
        const res = await fetch(`${this.origin}/metrics`, {
            headers: { authorization: `Bearer ${callerKey}` },
        });
        if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
        const counts = {};
        for (const m of (await res.text()).matchAll(/^switchboard_responses_total\{code="(\d+)"\} (\d+)$/gm))
            counts[m[1]] = Number(m[2]);
        return counts;
    }

    // How many responses with this status the gateway sends while fn runs.
    async countResponses(status, fn) {
        const before = (await this.responsesByStatus())[status] ?? 0;
        await fn();
        return ((await this.responsesByStatus())[status] ?? 0) - before;
    }
}
