/**
 * JSON in the original's shapes: the result document as records
 * ({@link dev.regrade.rubric.json.ResultDocument}: the original's
 * {@link dev.regrade.rubric.json.ResultSummary} with its {@link dev.regrade.rubric.json.ResultNode}
 * tree, and Regrade's {@link dev.regrade.rubric.json.RunMeta}), written by
 * {@link dev.regrade.rubric.json.ResultJson}; rubric trees to and from JSON
 * ({@link dev.regrade.rubric.json.TreeJson}); the files Regrade reads and writes
 * ({@link dev.regrade.rubric.json.JsonFiles}). Python's json module itself is
 * {@link dev.regrade.pycompat.PyJson}.
 */
package dev.regrade.rubric.json;
