package dev.regrade.vereval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.pycompat.PyOSError;
import dev.regrade.pycompat.PyTruth;
import dev.regrade.pycompat.PyValueError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

/** The upstream {@code add_evidence}: optional reference text and frames from a manifest keyed by corrected ID. */
public final class Evidence {
    /** The main-table protocol: question, prediction and ground truth, no frames. */
    public static final String EVIDENCE_BASED = "evidence_based";
    /** Sampled still frames sent as images. */
    public static final String FRAMES = "frames";

    private Evidence() {
    }

    /**
     * Adds {@code reference_text}, {@code frame_urls} (data URLs), {@code frame_hashes} (sha256 hex of
     * the bytes) and {@code frame_timestamps} to every job. In {@code evidence_based} mode frames are
     * refused; in {@code frames} mode every job needs frames (so a missing manifest fails).
     *
     * @param manifestPath the manifest, or null for none
     * @throws PyValueError on a non-string reference text, frames in the wrong mode, an unsupported image
     *                      type, or timestamps that are not as many as the frames, finite, ≥ 0 and non-decreasing
     */
    public static void add(List<ObjectNode> jobs, Path manifestPath, String mode) {
        JsonNode manifest = manifestPath == null ? VerEvalJson.F.objectNode()
                : VerEvalJson.loads(Rows.readText(manifestPath));
        if (!manifest.isObject()) {
            throw new PyValueError("The evidence manifest must be a JSON object keyed by question_id");
        }
        for (ObjectNode job : jobs) {
            String qid = job.get("question_id").textValue();
            JsonNode item = manifest.has(qid) ? manifest.get(qid) : VerEvalJson.F.objectNode();
            if (!item.isObject()) {
                throw new PyValueError("Evidence for " + qid + " must be a JSON object");
            }
            JsonNode ref = item.has("reference_text") ? item.get("reference_text") : VerEvalJson.F.textNode("");
            job.set("reference_text", ref);
            if (!ref.isTextual()) {
                throw new PyValueError("reference_text must be a string");
            }
            ArrayNode urls = VerEvalJson.F.arrayNode();
            ArrayNode hashes = VerEvalJson.F.arrayNode();
            JsonNode frames = item.has("frames") ? item.get("frames") : VerEvalJson.F.arrayNode();
            if (!frames.isArray()) {
                throw new PyValueError("frames must be a list of paths: " + qid);
            }
            if (mode.equals(EVIDENCE_BASED) && !frames.isEmpty()) {
                throw new PyValueError("Frames supplied in evidence_based mode; choose --evidence-mode frames");
            }
            if (mode.equals(FRAMES) && frames.isEmpty()) {
                throw new PyValueError("No frames supplied for " + qid);
            }
            for (JsonNode name : frames) {
                if (!name.isTextual()) {
                    throw new PyValueError("Frame paths must be strings: " + qid);
                }
                Path path = resolve(manifestPath.toAbsolutePath().getParent().resolve(name.textValue()));
                String mime = mimeType(path.getFileName() == null ? "" : path.getFileName().toString());
                if (mime == null) {
                    throw new PyValueError("Unsupported frame format: " + path);
                }
                byte[] content;
                try {
                    content = Files.readAllBytes(path);
                } catch (IOException e) {
                    throw PyOSError.of(path, e);
                }
                hashes.add(VerEvalJson.sha256Hex(content));
                urls.add("data:" + mime + ";base64," + Base64.getEncoder().encodeToString(content));
            }
            JsonNode times = item.has("frame_timestamps") ? item.get("frame_timestamps") : VerEvalJson.F.arrayNode();
            if (PyTruth.truthy(times) && !validTimes(times, frames.size())) {
                throw new PyValueError("Invalid frame timestamps: " + qid);
            }
            job.set("frame_urls", urls);
            job.set("frame_hashes", hashes);
            job.set("frame_timestamps", times);
        }
    }

    private static boolean validTimes(JsonNode times, int frames) {
        if (!times.isArray() || times.size() != frames) {
            return false;
        }
        double previous = Double.NEGATIVE_INFINITY;
        for (JsonNode t : times) {
            if (!t.isNumber()) {
                return false;
            }
            double d = t.doubleValue();
            if (!Double.isFinite(d) || d < 0 || d < previous) {
                return false;
            }
            previous = d;
        }
        return true;
    }

    /** {@code Path.resolve()}: symlinks followed where the file exists, otherwise just made absolute and normal. */
    private static Path resolve(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }

    /** {@code mimetypes.guess_type} for the three image types frames may have (case-insensitive extension). */
    static String mimeType(String fileName) {
        int dot = fileName.lastIndexOf('.');
        if (dot < 0) {
            return null;
        }
        return switch (fileName.substring(dot).toLowerCase(Locale.ROOT)) {
            case ".jpg", ".jpeg", ".jpe" -> "image/jpeg";
            case ".png" -> "image/png";
            case ".webp" -> "image/webp";
            default -> null;
        };
    }
}
