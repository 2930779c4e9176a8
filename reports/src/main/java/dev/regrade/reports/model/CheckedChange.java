package dev.regrade.reports.model;

/**
 * A before → after difference checked against the expectations.
 *
 * @param change   the difference
 * @param expected whether the expectations allow it (derived changes always are)
 */
public record CheckedChange(NodeChange change, boolean expected) {
}
