package dev.regrade.audit.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.regrade.api.BadInputException;
import dev.regrade.rubric.json.JsonFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A stored result's problems name the file and the JSON path, in the one phrasing. */
class StoredResultReadTest {
    private static final String TREE = "{\"id\": \"root\", \"desc\": \"d\", \"critical\": false, \"score\": 1.0, "
            + "\"status\": \"passed\", \"strategy\": \"parallel\", \"children\": []}";

    private static String problem(String json) {
        return assertThrows(BadInputException.class,
                () -> StoredResult.read(Path.of("r.json"), JsonFiles.parse(json))).getMessage();
    }

    @Test
    void aMissingKeyAndAWrongTypeNameTheFileAndPath() {
        assertEquals("r.json: $.agent_name: missing", problem("{\"answer_name\": \"a\"}"));
        assertEquals("r.json: $.answer_name: expected a string, got a number",
                problem("{\"agent_name\": \"g\", \"answer_name\": 3}"));
        assertEquals("r.json: $.final_score: expected a finite number or null, got a string",
                problem("{\"agent_name\": \"g\", \"answer_name\": \"a\", \"final_score\": \"1\"}"));
        assertEquals("r.json: $.eval_breakdown[0].info[0]: expected an object with one key, got a number",
                problem("{\"agent_name\": \"g\", \"answer_name\": \"a\", \"final_score\": 1.0, \"eval_breakdown\": "
                        + "[{\"info\": [3], \"verification_tree\": " + TREE + "}]}"));
        assertEquals("r.json: $.eval_breakdown[0].verification_tree.critical: expected true or false, got a string",
                problem("{\"agent_name\": \"g\", \"answer_name\": \"a\", \"final_score\": 1.0, "
                        + "\"eval_breakdown\": [{\"info\": [], "
                        + "\"verification_tree\": " + TREE.replace("false", "\"no\"") + "}]}"));
        assertEquals("r.json: $: expected a result object, got a list", problem("[]"));
        // every result the runner or Regrade writes has final_score (null when the run crashed): absent is missing
        assertEquals("r.json: $.final_score: missing", problem("{\"agent_name\": \"g\", \"answer_name\": \"a\"}"));
    }

    @Test
    void aGoodDocumentReads() {
        StoredResult r = StoredResult.read(Path.of("r.json"), JsonFiles.parse("{\"agent_name\": \"g\", \"answer_name\": "
                + "\"a\", \"final_score\": 1.0, \"eval_breakdown\": [{\"info\": [{\"k\": 1}], \"verification_tree\": "
                + TREE + "}]}"));
        assertEquals(1.0, r.finalScore());
        assertEquals("root", r.tree().id());
        assertEquals(1, r.info().size());
    }
}
