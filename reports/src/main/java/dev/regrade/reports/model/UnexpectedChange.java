package dev.regrade.reports.model;

/**
 * A before → after difference the expectations do not allow: the audit fails on it.
 *
 * @param input  the script and input
 * @param change the difference
 */
public record UnexpectedChange(ScriptInput input, NodeChange change) {
}
