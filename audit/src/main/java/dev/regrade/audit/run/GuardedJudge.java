package dev.regrade.audit.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.judge.client.HttpJudgeClient;
import dev.regrade.judge.client.JudgeClientException;
import dev.regrade.judge.client.JudgeReplyException;
import dev.regrade.rubric.port.ExtractionRequest;
import dev.regrade.rubric.port.Extractor;
import dev.regrade.rubric.port.Judge;
import dev.regrade.rubric.port.JudgeReply;
import dev.regrade.rubric.port.JudgeRequest;
import java.util.function.Supplier;

/**
 * The HTTP client with one difference in failure handling: a bad reply stays an ordinary
 * exception (the engine fails the node, as the original does), but a judge that cannot be reached
 * or keeps failing after retries aborts the run at once.
 */
public final class GuardedJudge implements Judge, Extractor {
    private final HttpJudgeClient client;

    public GuardedJudge(HttpJudgeClient client) {
        this.client = client;
    }

    @Override
    public JudgeReply judge(JudgeRequest request) {
        return guarded(() -> client.judge(request));
    }

    @Override
    public JsonNode extract(ExtractionRequest request) {
        return guarded(() -> client.extract(request));
    }

    private static <T> T guarded(Supplier<T> call) {
        try {
            return call.get();
        } catch (JudgeReplyException e) {
            throw e;
        } catch (JudgeClientException e) {
            throw new Abort(e);
        }
    }

    /**
     * Carries a transport failure out of the engine. An {@link Error}, so that neither the engine's
     * nor a ported script's catch-all (Python's {@code except Exception}) can swallow it.
     */
    public static final class Abort extends Error {
        private static final long serialVersionUID = 1L;

        Abort(JudgeClientException cause) {
            super(cause.getMessage(), cause);
        }
    }
}
