package dev.regrade.reports.model;

import java.util.List;

/**
 * A judge claim with a missing value in it ({@code None}, {@code []}, {@code {}}, {@code N/A}).
 *
 * @param input   the script and input
 * @param variant the variant that sent the claim
 * @param node    the node the claim was judged for; empty when the request named none
 * @param claim   the claim as sent
 * @param tokens  the missing-value tokens found, each once, in order of appearance
 */
public record LintFinding(ScriptInput input, String variant, String node, String claim, List<String> tokens) {
    public LintFinding {
        tokens = List.copyOf(tokens);
    }
}
