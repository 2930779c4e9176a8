package dev.regrade.rubric.port;

/**
 * The original's {@code GoogleMapsTool.calculate_distance}: metres between two addresses, or the
 * string {@value #NOT_FOUND} when no route is known.
 */
@FunctionalInterface
public interface MapsTool {
    /** The original's string for a pair with no route. */
    String NOT_FOUND = "Distance not found";

    /** Returns an {@link Integer} (metres) or the string {@link #NOT_FOUND}, as the original does. */
    Object calculateDistance(String address1, String address2, String mode);
}
