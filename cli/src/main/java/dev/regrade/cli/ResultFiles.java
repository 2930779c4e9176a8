package dev.regrade.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.audit.inputs.BadInputException;
import dev.regrade.rubric.json.JsonFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads JSON files given on the command line, with errors that name the file. */
final class ResultFiles {
    private ResultFiles() {
    }

    static JsonNode read(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new BadInputException(file + ": cannot read the file (" + e.getClass().getSimpleName() + ")");
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new BadInputException(file + ": not UTF-8 text");
        }
        try {
            return JsonFiles.parse(text);
        } catch (UncheckedIOException e) {
            String m = String.valueOf(e.getCause().getMessage());
            int nl = m.indexOf('\n');
            throw new BadInputException(file + ": not valid JSON: " + (nl < 0 ? m : m.substring(0, nl)));
        }
    }
}
