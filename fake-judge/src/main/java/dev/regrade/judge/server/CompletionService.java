package dev.regrade.judge.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.judge.InProcessJudge;
import dev.regrade.judge.Wire;
import dev.regrade.rubric.port.ExtractionRequest;
import dev.regrade.rubric.port.Extractor;
import dev.regrade.rubric.port.JudgeReply;
import dev.regrade.rubric.port.VerdictRules;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/** Answers one chat completion request: verdict, extraction or free text; faults, journal. Thread-safe. */
final class CompletionService {
    private volatile VerdictRules rules;
    private volatile Extractor extractor;
    private volatile FaultBook faults;
    private volatile ChatResponder responder;
    private volatile boolean keepPrompts;
    private final Journal journal = new Journal();
    private final AtomicLong completions = new AtomicLong();

    CompletionService(FakeJudgeConfig config) {
        this.rules = config.rules();
        this.extractor = config.extractor();
        this.faults = new FaultBook(config.faults());
        this.responder = config.responder();
    }

    void useResponder(ChatResponder value) {
        responder = value;
    }

    void useRules(VerdictRules value) {
        rules = value;
    }

    void useExtractor(Extractor value) {
        extractor = value;
    }

    void useFaults(Faults value) {
        faults = new FaultBook(value);
    }

    void keepPrompts(boolean value) {
        keepPrompts = value;
    }

    Journal journal() {
        return journal;
    }

    Reply handle(Function<String, String> header, byte[] body) {
        Journal.Ticket ticket = journal.arrive();
        FaultBook book = faults;
        int delay = book.latencyMillis();
        ChatResponder chat = responder;
        VerdictRules verdictRules = rules;
        ChatRequest req;
        try {
            req = ChatRequest.parse(header, body);
        } catch (ChatRequest.BadRequest e) {
            return invalid(ticket, e.getMessage(), delay);
        }
        String digest = Wire.sha256(req.prompt());
        ChatReply chatReply = null;
        if (req.kind() == RequestKind.CHAT) {
            ChatCall call = new ChatCall(req.model(), req.prompt(), req.body(), header, verdictRules);
            try {
                chatReply = chat == null ? null : chat.respond(call);
            } catch (RuntimeException e) {
                String why = "the chat responder failed: " + e.getClass().getSimpleName() + ": " + e.getMessage();
                journal.record(ticket, entry(ticket, req, keepPrompts, digest, null, null, null, 400, why));
                return Reply.json(400, Completions.error(why, "responder_error", null), delay);
            }
            if (chatReply == null) {
                chatReply = PlainReplies.fallback(call);
            }
            if (chatReply.status() != 200) {
                int status = chatReply.status();
                journal.record(ticket, entry(ticket, req, keepPrompts, digest, null, null, null, status, chatReply.content()));
                return Reply.json(status, Completions.error(chatReply.content(),
                        status >= 500 ? "server_error" : "invalid_request_error", null), delay);
            }
        }
        FaultKind fault = book.next(req.kind(), req.claim());
        if (fault != null && fault.isHttpError()) {
            journal.record(ticket, entry(ticket, req, keepPrompts, digest, null, null, fault, fault.httpStatus(), null));
            return httpFault(fault, book.faults(), delay);
        }
        ObjectNode content;
        Boolean verdict = null;
        JsonNode answer = null;
        if (req.kind() == RequestKind.VERIFY) {
            JudgeReply reply = InProcessJudge.rule(verdictRules, req.claim(), req.prompt());
            verdict = reply.result();
            content = JsonNodeFactory.instance.objectNode();
            content.put("reasoning", reply.reasoning());
            content.put("result", reply.result());
        } else if (req.kind() == RequestKind.CHAT) {
            content = null;
        } else {
            try {
                answer = extractor.extract(new ExtractionRequest(req.extractionName(), req.schemaName(), req.schema(),
                        req.prompt(), req.url(), req.screenshots(), req.asParts()));
                if (answer == null) {
                    throw new IllegalStateException("the extractor gave no answer");
                }
            } catch (RuntimeException e) {
                String why = "extraction '" + req.extractionName() + "' failed: " + e.getClass().getSimpleName()
                        + ": " + e.getMessage();
                journal.record(ticket, entry(ticket, req, keepPrompts, digest, null, null, fault, 400, why));
                return Reply.json(400, Completions.error(why, "extractor_error", null), delay);
            }
            content = null;
        }
        boolean isChat = req.kind() == RequestKind.CHAT;
        String text = isChat ? chatReply.content() : Completions.write(content != null ? content : answer);
        String finish = isChat ? chatReply.finishReason() : "stop";
        if (fault != null) {
            switch (fault) {
                case MALFORMED_CONTENT -> text = "Sure! Here is my assessment: it looks right to me.";
                case LENGTH -> {
                    text = text == null ? null : text.substring(0, text.length() / 2);
                    finish = "length";
                }
                case MISSING_RESULT -> text = isChat ? "" : content != null
                        ? Completions.write(JsonNodeFactory.instance.objectNode().put("reasoning",
                        content.get("reasoning").asText()))
                        : "{}";
                // A list where the verdict's bool belongs: even pydantic's lax mode rejects it
                // (it would read "yes" or 1 as true).
                case WRONG_TYPES -> text = isChat ? wrongTypes(text) : content != null
                        ? Completions.write(wrongVerdict(content))
                        : "\"yes\"";
                default -> {
                    // MALFORMED_BODY: cut the whole body below; STALLED: delayed below; CUT_OFF: the
                    // connection is closed part-way by the server.
                }
            }
        }
        ObjectNode done = Completions.completion(completions.incrementAndGet(), req.model(), text, finish,
                req.prompt(), req.screenshots().size());
        String completion = req.stream() ? Completions.stream(done, req.streamUsage()) : Completions.write(done);
        if (fault == FaultKind.MALFORMED_BODY) {
            completion = completion.substring(0, completion.length() / 2);
        }
        journal.record(ticket, entry(ticket, req, keepPrompts, digest, verdict, answer, fault, 200, null));
        int held = fault == FaultKind.STALLED
                ? (int) Math.min(Integer.MAX_VALUE, (long) delay + book.faults().stall().toMillis()) : delay;
        return new Reply(200, java.util.Map.of("Content-Type", req.stream() ? Completions.EVENT_STREAM
                : "application/json"), completion.getBytes(StandardCharsets.UTF_8), held, fault == FaultKind.CUT_OFF);
    }

    /**
     * A free-text reply with the wrong types: a JSON object reply keeps its keys but every value
     * becomes {@code true} (a boolean where a number or a string belongs: Python's bool is an int,
     * so only an explicit check rejects it); any other text (or none) becomes {@code yes}.
     */
    static String wrongTypes(String text) {
        if (text == null) {
            return "yes";
        }
        try {
            JsonNode node = Wire.MAPPER.readTree(text);
            if (node != null && node.isObject()) {
                ObjectNode wrong = JsonNodeFactory.instance.objectNode();
                node.fieldNames().forEachRemaining(k -> wrong.put(k, true));
                return Completions.write(wrong);
            }
        } catch (java.io.IOException e) {
            // not JSON: plain "yes" below
        }
        return "yes";
    }

    private static ObjectNode wrongVerdict(JsonNode content) {
        ObjectNode o = JsonNodeFactory.instance.objectNode().put("reasoning", content.get("reasoning").asText());
        o.putArray("result").add(content.get("result"));
        return o;
    }

    private Reply invalid(Journal.Ticket ticket, String why, int delay) {
        journal.record(ticket, new JournalEntry(ticket.sequence(), RequestKind.INVALID, null, null, null, null,
                null, null, null, null, null, 400, why));
        return Reply.json(400, Completions.error(why, "invalid_request_error", null), delay);
    }

    private static Reply httpFault(FaultKind fault, Faults faults, int delay) {
        return switch (fault) {
            case RATE_LIMITED -> Reply.json(429, Completions.error("Rate limit reached (fake judge fault).",
                            "requests", "rate_limit_exceeded"), delay)
                    .withHeader("Retry-After", Integer.toString(faults.retryAfterSeconds()));
            case SERVER_ERROR -> Reply.json(500, Completions.error(
                    "The server had an error while processing your request (fake judge fault).", "server_error", null),
                    delay);
            case UNAVAILABLE -> Reply.json(503, Completions.error(
                    "The server is overloaded or not ready yet (fake judge fault).", "server_error", null), delay);
            default -> throw new IllegalArgumentException(fault + " is not an HTTP error fault");
        };
    }

    private static JournalEntry entry(Journal.Ticket t, ChatRequest r, boolean keepPrompt, String digest, Boolean verdict,
                                      JsonNode answer, FaultKind fault, int status, String error) {
        return new JournalEntry(t.sequence(), r.kind(), r.nodeId(), r.claim(), r.url(), r.vote(), r.extractionName(),
                digest, verdict, answer, fault, status, error, keepPrompt ? r.prompt() : null);
    }
}
