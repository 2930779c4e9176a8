package dev.regrade.rubric;

import dev.regrade.pycompat.PyValueError;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One node of a rubric tree: the original's {@code VerificationNode}.
 *
 * <p>Mutable as the original is: the evaluator writes a leaf's verdict, and scoring writes every
 * container's aggregate (and SEQUENTIAL skip marks) back into the tree. Scripts read nodes and pass
 * them as parents; only this package changes scores and statuses.
 */
public final class Node {
    private final String id;
    private final String desc;
    private final boolean critical;
    private final Strategy strategy;
    private final List<Node> children = new ArrayList<>();
    private double score;
    private Status status;
    /** The original's {@code _cached_score}: filled by the first mutating score computation. */
    private Double cachedScore;

    /**
     * Creates a node with the original constructor's checks: score in [0, 1] and a status that fits
     * it ({@code passed} needs 1.0, {@code partial} needs a score strictly between, {@code failed}
     * and {@code skipped} need 0.0).
     */
    public Node(String id, String desc, boolean critical, double score, Status status, Strategy strategy) {
        if (id == null || desc == null || status == null || strategy == null) {
            throw new PyValueError("1 validation error for VerificationNode: id, desc, status and strategy are required");
        }
        if (!(score >= 0.0 && score <= 1.0)) {
            throw new PyValueError("1 validation error for VerificationNode\nscore\n  Assertion failed, Score must lie in [0.0, 1.0]");
        }
        boolean fits = switch (status) {
            case PASSED -> score == 1.0;
            case PARTIAL -> score > 0.0 && score < 1.0;
            case FAILED, SKIPPED -> score == 0.0;
            case INITIALIZED -> true;
        };
        if (!fits) {
            throw new PyValueError("1 validation error for VerificationNode\nstatus\n  Assertion failed, status '"
                    + status.value() + "' does not fit score " + score);
        }
        this.id = id;
        this.desc = desc;
        this.critical = critical;
        this.score = score;
        this.status = status;
        this.strategy = strategy;
    }

    /** A container or leaf at the original's defaults: score 0.0, status {@code initialized}. */
    public static Node of(String id, String desc, boolean critical, Strategy strategy) {
        return new Node(id, desc, critical, 0.0, Status.INITIALIZED, strategy);
    }

    public String id() {
        return id;
    }

    /** The description, which the original also calls the claim. */
    public String desc() {
        return desc;
    }

    public boolean critical() {
        return critical;
    }

    public double score() {
        return score;
    }

    public Status status() {
        return status;
    }

    public Strategy strategy() {
        return strategy;
    }

    /** The children in insertion order; read-only. */
    public List<Node> children() {
        return Collections.unmodifiableList(children);
    }

    public boolean isLeaf() {
        return children.isEmpty();
    }

    /**
     * Appends a child, as the original's {@code add_node}: a critical node refuses a non-critical
     * child with the original's {@code ValueError} message.
     */
    public void addNode(Node child) {
        if (child == null) {
            throw new PyValueError("Child must be a VerificationNode");
        }
        if (child == this) {
            throw new PyValueError("A node cannot be its own child");
        }
        if (critical && !child.critical) {
            throw new PyValueError("Critical node '" + id + "' cannot have non-critical child '" + child.id
                    + "'. All children of critical nodes must also be critical.");
        }
        children.add(child);
    }

    /** Writes a verdict or aggregate, as the original's attribute assignments (no validation). */
    void set(double score, Status status) {
        this.score = score;
        this.status = status;
    }

    /**
     * The original's {@code aggregated_score} property: the first read runs the mutating
     * computation over the whole subtree; later reads return the cached value, even if nodes were
     * added since.
     */
    public double aggregatedScore() {
        if (cachedScore == null) {
            computeScore(true);
        }
        return cachedScore;
    }

    /**
     * The original's {@code compute_score(mutate=...)}. With {@code mutate} the scores, statuses
     * and caches of this subtree are written back, SEQUENTIAL short-circuits included; without it
     * nothing is written and SEQUENTIAL parents do not short-circuit.
     */
    public double computeScore(boolean mutate) {
        double raw;
        Status finalStatus;
        if (children.isEmpty()) {
            raw = score;
            finalStatus = status;
        } else {
            int n = children.size();
            double[] childScores = new double[n];
            for (int i = 0; i < n; i++) {
                childScores[i] = children.get(i).computeScore(mutate);
            }
            if (strategy == Strategy.SEQUENTIAL) {
                int validUntil = n;
                for (int i = 0; i < n; i++) {
                    if (childScores[i] < 1.0) {
                        validUntil = i;
                        break;
                    }
                }
                // Only the mutating pass short-circuits, exactly as the original.
                if (mutate && validUntil < n) {
                    for (int i = validUntil + 1; i < n; i++) {
                        Node c = children.get(i);
                        c.score = 0.0;
                        c.status = Status.SKIPPED;
                        c.cachedScore = 0.0;
                        childScores[i] = 0.0;
                    }
                }
            }
            boolean anyCritical = false;
            boolean criticalBelowOne = false;
            double softSum = 0.0;
            int softCount = 0;
            for (int i = 0; i < n; i++) {
                if (children.get(i).critical) {
                    anyCritical = true;
                    if (childScores[i] < 1.0) {
                        criticalBelowOne = true;
                    }
                } else {
                    softSum += childScores[i]; // left to right, as Python 3.11's sum()
                    softCount++;
                }
            }
            if (anyCritical && criticalBelowOne) {
                raw = 0.0;
            } else if (anyCritical && softCount == 0) {
                raw = 1.0;
            } else {
                raw = softCount > 0 ? softSum / softCount : 1.0;
            }
            if (raw == 1.0) {
                finalStatus = Status.PASSED;
            } else if (raw == 0.0) {
                boolean anyFailed = false;
                for (Node c : children) {
                    anyFailed |= c.status == Status.FAILED;
                }
                finalStatus = anyFailed ? Status.FAILED : Status.SKIPPED;
            } else {
                finalStatus = Status.PARTIAL;
            }
        }
        if (mutate) {
            score = raw;
            status = finalStatus;
            cachedScore = raw;
        }
        return raw;
    }

    @Override
    public String toString() {
        return "Node[" + id + ", " + status.value() + ", " + score + "]";
    }
}
