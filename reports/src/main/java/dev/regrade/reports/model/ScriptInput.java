package dev.regrade.reports.model;

/**
 * A script and one of its inputs: what a row of the report is about.
 *
 * @param script    the script name, e.g. {@code gas_stations}
 * @param inputKind {@code policy} or {@code fixture}
 * @param input     the policy name or the fixture's file name without {@code .json}
 */
public record ScriptInput(String script, String inputKind, String input) {
    /** The input as the report names it, e.g. {@code fixture short-final-leg}. */
    public String inputLabel() {
        return inputKind + " " + input;
    }
}
