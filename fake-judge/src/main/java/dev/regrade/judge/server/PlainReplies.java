package dev.regrade.judge.server;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.judge.Wire;

/** The fake judge's own answer to a chat completion that no responder recognised. */
public final class PlainReplies {
    private PlainReplies() {
    }

    /**
     * A reply derived from the prompt alone, the same for the same prompt: a sentence naming the
     * prompt's length and digest, or, for {@code response_format: {type: json_object}}, the object
     * {@code {"reply": sentence, "prompt_sha256": hex}}.
     */
    public static ChatReply fallback(ChatCall call) {
        String digest = Wire.sha256(call.prompt());
        String sentence = "Offline reply of Regrade's fake judge to a prompt of "
                + call.prompt().codePointCount(0, call.prompt().length()) + " characters (SHA-256 "
                + digest.substring(0, 12) + ").";
        if (!call.wantsJsonObject()) {
            return ChatReply.text(sentence);
        }
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("reply", sentence);
        o.put("prompt_sha256", digest);
        return ChatReply.text(Completions.write(o));
    }
}
