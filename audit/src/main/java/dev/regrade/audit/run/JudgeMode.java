package dev.regrade.audit.run;

import java.util.Locale;

/** How judge and extraction requests are answered during a run. */
public enum JudgeMode {
    /** The policy or fixture answers directly, no HTTP. */
    IN_PROCESS,
    /** Over HTTP through the OpenAI-compatible client, against the fake judge server. */
    HTTP;

    /** The name {@code --judge} takes: {@code in-process} or {@code http}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Parses {@code in-process} or {@code http}. */
    public static JudgeMode parse(String s) {
        for (JudgeMode m : values()) {
            if (m.label().equals(s)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown judge mode '" + s + "' (expected in-process or http)");
    }

    @Override
    public String toString() {
        return label();
    }
}
