package dev.regrade.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.regrade.api.BadInputException;
import dev.regrade.audit.replay.DirectoryWalk;
import dev.regrade.rubric.io.IoProblems;
import dev.regrade.rubric.json.JsonFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** Reads JSON files given on the command line, with errors that name the file. */
final class ResultFiles {
    private ResultFiles() {
    }

    /**
     * The files named, a directory standing for its result files as {@link DirectoryWalk} walks it (recursively,
     * in path order; of the Mind2Web 2 runner's results of one answer only the latest, as the runner reads them;
     * not the runner's summary files nor its answer copies).
     */
    static List<Path> expand(List<Path> paths) {
        return expand(paths, line -> { });
    }

    /** {@link #expand(List)}, telling {@code notes} each directory's walk ({@link DirectoryWalk#describe}). */
    static List<Path> expand(List<Path> paths, Consumer<String> notes) {
        List<Path> files = new ArrayList<>();
        for (Path p : paths) {
            if (!Files.isDirectory(p)) {
                files.add(p);
                continue;
            }
            DirectoryWalk walk = DirectoryWalk.of(p).requireResults();
            notes.accept(walk.describe());
            files.addAll(walk.results());
        }
        return files;
    }

    static JsonNode read(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new BadInputException(file + ": " + IoProblems.describe(e));
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
            if (e.getCause() instanceof JsonProcessingException j) {
                throw BadInputException.invalidJson(file.toString(), j);
            }
            throw new BadInputException(file + ": not valid JSON");
        }
    }
}
