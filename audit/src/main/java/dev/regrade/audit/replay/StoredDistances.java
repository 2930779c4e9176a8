package dev.regrade.audit.replay;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.rubric.json.ResultNode;
import dev.regrade.rubric.port.MapsTool;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a stored result says about the answers of the maps tool (gas_stations' {@code calculate_distance}).
 * The first call (Atlanta to Los Angeles) is recorded exactly in the info record
 * {@code atl_to_la_direct_distance}: the tool's error string ({@code direct_distance_error}), or its metres
 * as {@code direct_distance_miles = metres / METERS_PER_MILE}. Every later call (a station's leg) is
 * recorded only inside node descriptions, rounded to 0.1 mile ({@code Previous segment: 450.0 miles},
 * {@code Station→Los Angeles: 1732.0 miles}): about 161 metre values render alike, and the checks
 * compare the exact distance (the fixed variant's last-leg check against 510 miles among them), so
 * such a call is never answered here: {@link RoundedReplay} replays the result over every leg value the
 * roundings allow ({@link GasStationLegs}), and a task it does not model is skipped naming the node that
 * shows the rounded distance.
 */
record StoredDistances(Object direct, String directProblem, ResultNode tree) {
    /** gas_stations' {@code METERS_PER_MILE}. */
    private static final double METERS_PER_MILE = 1609.34;
    private static final String DIRECT = "atl_to_la_direct_distance";
    private static final Pattern MILES = Pattern.compile("(-?\\d+\\.\\d) miles");

    /** Reads what {@code stored} records of the maps tool's answers. */
    static StoredDistances of(StoredResult stored) {
        JsonNode record = null;
        for (JsonNode r : stored.info()) {
            if (r.has(DIRECT)) {
                record = r.get(DIRECT);
                break;
            }
        }
        Object direct = null;
        String problem = null;
        if (record == null) {
            // The script records the direct distance on every run: any answer makes the self-check show the
            // missing record (a mismatch, as for any edit), and no after-run follows a failed self-check.
            direct = MapsTool.NOT_FOUND;
        } else if (record.path("direct_distance_error").isTextual()) {
            // A returned string and a raised error are recorded alike and the script treats them alike.
            direct = record.get("direct_distance_error").textValue();
        } else if (record.path("direct_distance_miles").isNumber()) {
            double miles = record.get("direct_distance_miles").doubleValue();
            long metres = Math.round(miles * METERS_PER_MILE);
            if (metres / METERS_PER_MILE == miles && metres <= Integer.MAX_VALUE && metres >= Integer.MIN_VALUE) {
                direct = (int) metres;
            } else {
                problem = DIRECT + ".direct_distance_miles " + miles + " is no whole number of metres / " + METERS_PER_MILE;
            }
        } else {
            problem = DIRECT + " records neither a distance nor an error";
        }
        return new StoredDistances(direct, problem, stored.tree());
    }

    /**
     * The tool's answer to call number {@code index} (0-based) of a run, or empty when the result does
     * not determine it; {@link #whyNot(int)} then says why.
     */
    Optional<Object> answer(int index) {
        return index == 0 && direct != null ? Optional.of(direct) : Optional.empty();
    }

    /** Why call number {@code index} cannot be answered from the result. */
    String whyNot(int index) {
        if (index == 0) {
            return "the maps tool's Atlanta–Los Angeles distance is not recovered: " + directProblem;
        }
        String legs = tree == null ? null : roundedLeg(tree).orElse(null);
        return "the maps tool's distances are not stored: a result records a station's leg only rounded to 0.1 mile "
                + "in a description" + (legs == null ? "" : " (" + legs + ")") + ", which about 161 metre values "
                + "render alike, and the checks compare the exact distance";
    }

    /** The first node whose description quotes a distance in miles: {@code id: "… 450.0 miles …"}. */
    private static Optional<String> roundedLeg(ResultNode node) {
        if (!node.id().equals("root")) {
            Matcher m = MILES.matcher(node.desc());
            if (m.find()) {
                return Optional.of(node.id() + ": \"" + m.group() + "\"");
            }
        }
        for (ResultNode child : node.children()) {
            Optional<String> found = roundedLeg(child);
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }
}
