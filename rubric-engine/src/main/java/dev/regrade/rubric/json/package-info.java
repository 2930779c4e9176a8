/**
 * JSON in the original's shapes: Python-identical writing ({@link dev.regrade.rubric.json.PyJson});
 * the result document as records ({@link dev.regrade.rubric.json.ResultDocument}: the original's
 * {@link dev.regrade.rubric.json.ResultSummary} with its {@link dev.regrade.rubric.json.ResultNode}
 * tree, and Regrade's {@link dev.regrade.rubric.json.RunMeta}), written by
 * {@link dev.regrade.rubric.json.ResultJson}; rubric trees to and from JSON
 * ({@link dev.regrade.rubric.json.TreeJson}).
 */
package dev.regrade.rubric.json;
