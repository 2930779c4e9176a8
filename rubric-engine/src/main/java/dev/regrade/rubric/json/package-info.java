/**
 * JSON in the original's shapes: rubric trees ({@link dev.regrade.rubric.json.TreeJson}), result
 * documents ({@link dev.regrade.rubric.json.ResultJson}) and the files Regrade reads and writes
 * ({@link dev.regrade.rubric.json.JsonFiles}); Python's json module itself is
 * {@link dev.regrade.pycompat.PyJson}.
 */
package dev.regrade.rubric.json;
