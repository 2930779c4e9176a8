package dev.regrade.judge.server;

import dev.regrade.rubric.port.Extractor;
import dev.regrade.rubric.port.VerdictRules;

/**
 * One lane of a {@link FakeJudgeServer}: an independent fake judge at its own base URL
 * ({@code http://127.0.0.1:PORT/lanes/NAME/v1}) with its own rules, extractor, responder, faults
 * and journal, sharing the server's port and threads. Thread-safe.
 */
public final class FakeJudgeLane extends JudgeEndpoint {
    private final FakeJudgeServer server;
    private final String name;

    FakeJudgeLane(FakeJudgeServer server, String name, CompletionService service) {
        super(service);
        this.server = server;
        this.name = name;
    }

    public String name() {
        return name;
    }

    /** The OpenAI base URL of this lane, {@code http://127.0.0.1:PORT/lanes/NAME/v1}. */
    public String baseUrl() {
        return "http://" + FakeJudgeConfig.LOOPBACK + ":" + server.port() + FakeJudgeServer.LANE_PREFIX + name + "/v1";
    }

    /** Rules this lane's verifications by these rules from now on. */
    public void useRules(VerdictRules rules) {
        service.useRules(rules);
    }

    /** Answers this lane's extractions with this extractor from now on. */
    public void useExtractor(Extractor extractor) {
        service.useExtractor(extractor);
    }

    /** Answers this lane's free-text chat completions with this responder from now on (null: the fallback reply). */
    public void useResponder(ChatResponder responder) {
        service.useResponder(responder);
    }

    /** Injects these faults on this lane from now on (request numbers count from 1 again). */
    public void useFaults(Faults faults) {
        service.useFaults(faults);
    }

    /**
     * Answers one {@code /chat/completions} request in process, exactly as the lane answers it over
     * HTTP (same journal entry, same reply bytes), for a caller that already has a channel of its own
     * to the client (the Python driver's pipe). The reply's delay and cut-off, which only faults set,
     * are the caller's to honour.
     *
     * @param header the request header of this name, or null (names are matched case-insensitively by the caller)
     * @param body   the request body bytes
     */
    public Reply answer(java.util.function.Function<String, String> header, byte[] body) {
        return service.handle(header, body);
    }

    @Override
    public String toString() {
        return "FakeJudgeLane[" + name + "]";
    }
}
