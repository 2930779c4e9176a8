package dev.regrade.judge.server;

import java.util.List;

/**
 * What a {@link FakeJudgeServer} and each of its {@link FakeJudgeLane}s are alike in: a completion
 * service that answers them and journals what it was asked.
 */
abstract class JudgeEndpoint {
    final CompletionService service;

    JudgeEndpoint(CompletionService service) {
        this.service = service;
    }

    /** Every request received since this endpoint was created or its journal cleared, in arrival order. */
    public List<JournalEntry> journal() {
        return service.journal().snapshot();
    }

    /**
     * Whether journal entries keep the prompt text from now on ({@link JournalEntry#prompt}); off by
     * default, as a long-running server's journal would grow by every page text sent.
     */
    public void keepPrompts(boolean keep) {
        service.keepPrompts(keep);
    }

    /** Empties the journal; sequence numbers start at 1 again. */
    public void clearJournal() {
        service.journal().clear();
    }
}
