package dev.regrade.audit.core;

import dev.regrade.audit.run.RunSpec;

/**
 * One run of an audit's matrix: a script's input, a variant and a hash seed.
 *
 * @param script    the script name
 * @param inputKind {@code policy} or {@code fixture}
 * @param input     the policy name or fixture name
 * @param variant   the variant
 * @param hashSeed  the PYTHONHASHSEED
 */
public record RunId(String script, String inputKind, String input, String variant, long hashSeed) {
    static RunId of(RunSpec s) {
        return new RunId(s.script().name(), s.world().kind(), s.world().name(), s.variant(), s.hashSeed());
    }

    /** The run as messages name it: {@code gas_stations policy-full released, seed 1}. */
    public String label() {
        return script + " " + inputKind + "-" + input + " " + variant + ", seed " + hashSeed;
    }
}
