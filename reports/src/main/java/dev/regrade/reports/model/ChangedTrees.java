package dev.regrade.reports.model;

import dev.regrade.rubric.json.ResultNode;

/**
 * The two trees of a changed comparison, for the HTML page.
 *
 * @param before the before tree; null when that run crashed
 * @param after  the after tree; null when that run crashed
 */
public record ChangedTrees(ResultNode before, ResultNode after) {
}
