package dev.regrade.judge.server;

import dev.regrade.rubric.port.Extractor;
import dev.regrade.rubric.port.VerdictRules;
import java.util.Objects;

/**
 * How a fake judge server is set up. Immutable; each {@code withX} returns a copy.
 *
 * @param bindAddress always {@value #LOOPBACK}: any other address is refused, so the fake judge is
 *                    never reachable from another machine
 * @param port        the port to listen on, 0 for a free one
 * @param rules       the verdict rules for verifications
 * @param extractor   the active policy or fixture answering extractions
 * @param faults      the faults to inject
 * @param responder   answers free-text chat completions (neither verification nor extraction), or
 *                    null for none: such requests then get {@link PlainReplies#fallback}
 */
public record FakeJudgeConfig(String bindAddress, int port, VerdictRules rules, Extractor extractor, Faults faults,
                              ChatResponder responder) {
    /** The only address the fake judge binds to. */
    public static final String LOOPBACK = "127.0.0.1";

    private static final Extractor NO_EXTRACTOR = request -> {
        throw new IllegalStateException("no extractor is configured for the fake judge (extraction '"
                + request.extractionName() + "')");
    };

    public FakeJudgeConfig {
        Objects.requireNonNull(bindAddress, "bindAddress");
        if (!LOOPBACK.equals(bindAddress)) {
            throw new IllegalArgumentException("the fake judge binds to " + LOOPBACK
                    + " only; refusing bind address '" + bindAddress + "'");
        }
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port must be 0 (any free port) or 1-65535, got " + port);
        }
        Objects.requireNonNull(rules, "rules");
        Objects.requireNonNull(extractor, "extractor");
        Objects.requireNonNull(faults, "faults");
    }

    /** A setup without a free-text responder. */
    public FakeJudgeConfig(String bindAddress, int port, VerdictRules rules, Extractor extractor, Faults faults) {
        this(bindAddress, port, rules, extractor, faults, null);
    }

    /**
     * 127.0.0.1 on a free port, rules {@code accept}, no faults, and an extractor that refuses
     * every extraction until {@link #withExtractor} supplies one; no free-text responder.
     */
    public static FakeJudgeConfig defaults() {
        return new FakeJudgeConfig(LOOPBACK, 0, VerdictRules.accept(), NO_EXTRACTOR, Faults.none());
    }

    /** This setup on another bind address: refused unless it is {@value #LOOPBACK}. */
    public FakeJudgeConfig withBindAddress(String value) {
        return new FakeJudgeConfig(value, port, rules, extractor, faults, responder);
    }

    public FakeJudgeConfig withPort(int value) {
        return new FakeJudgeConfig(bindAddress, value, rules, extractor, faults, responder);
    }

    public FakeJudgeConfig withRules(VerdictRules value) {
        return new FakeJudgeConfig(bindAddress, port, value, extractor, faults, responder);
    }

    public FakeJudgeConfig withExtractor(Extractor value) {
        return new FakeJudgeConfig(bindAddress, port, rules, value, faults, responder);
    }

    public FakeJudgeConfig withFaults(Faults value) {
        return new FakeJudgeConfig(bindAddress, port, rules, extractor, value, responder);
    }

    /** This setup answering free-text chat completions with this responder (null: none, the fallback reply). */
    public FakeJudgeConfig withResponder(ChatResponder value) {
        return new FakeJudgeConfig(bindAddress, port, rules, extractor, faults, value);
    }

    @Override
    public String toString() {
        return "FakeJudgeConfig[" + bindAddress + ":" + (port == 0 ? "any" : port) + ", rules " + rules.describe()
                + ", extractor " + (extractor == NO_EXTRACTOR ? "none" : extractor.getClass().getSimpleName())
                + (responder == null ? "" : ", chat responder")
                + ", latency " + faults.latency().toMillis() + " ms, " + faults.rules().size() + " fault rules]";
    }
}
