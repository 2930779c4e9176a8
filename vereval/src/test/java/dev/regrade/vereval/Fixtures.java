package dev.regrade.vereval;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** The upstream tests' truth row and settings. */
final class Fixtures {
    static final String QID = "2_L2.5_suffix_with_underscores";

    private Fixtures() {
    }

    /** {@code truth(qid)}: question_id, task_id, level, question, answer, video_path. */
    static ObjectNode truth(String qid) {
        ObjectNode o = VerEvalJson.F.objectNode();
        o.put("question_id", qid);
        o.put("task_id", qid.split("_")[1]);
        o.put("level", qid.charAt(0) - '0');
        o.put("question", "Is this a suitable venue?");
        o.put("answer", "Yes, the sign supports that.");
        o.put("video_path", "example.mp4");
        return o;
    }

    static ObjectNode truth() {
        return truth(QID);
    }

    /** {@code SETTINGS}: test-judge, vllm, evidence_based, schema_retries 1, json_mode, max_tokens 300. */
    static Settings settings(String backend, String mode) {
        return Settings.of(backend, "test-judge", "http://mock/v1", mode, null, null,
                java.math.BigInteger.valueOf(300), true, 1, 0, 120);
    }

    /** {@code dict(truth(), prediction="yes", input_question_id=truth()["question_id"])}. */
    static ObjectNode job() {
        ObjectNode j = truth();
        j.put("prediction", "yes");
        j.put("input_question_id", QID);
        return j;
    }
}
