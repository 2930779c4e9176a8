package dev.regrade.judge.server;

import dev.regrade.rubric.port.Extractor;
import dev.regrade.rubric.port.VerdictRules;
import java.util.List;

/**
 * One lane of a {@link FakeJudgeServer}: an independent fake judge at its own base URL
 * ({@code http://127.0.0.1:PORT/lanes/NAME/v1}) with its own rules, extractor, responder, faults
 * and journal, sharing the server's port and threads. Thread-safe.
 */
public final class FakeJudgeLane {
    private final FakeJudgeServer server;
    private final String name;
    private final CompletionService service;

    FakeJudgeLane(FakeJudgeServer server, String name, CompletionService service) {
        this.server = server;
        this.name = name;
        this.service = service;
    }

    CompletionService service() {
        return service;
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

    /** Every request this lane received since it was created or its journal cleared, in arrival order. */
    public List<JournalEntry> journal() {
        return service.journal().snapshot();
    }

    /** Empties this lane's journal. */
    public void clearJournal() {
        service.journal().clear();
    }

    @Override
    public String toString() {
        return "FakeJudgeLane[" + name + "]";
    }
}
