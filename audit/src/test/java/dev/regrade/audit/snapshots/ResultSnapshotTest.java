package dev.regrade.audit.snapshots;

import dev.regrade.audit.approval.ApprovalSuite;

/** Runs the approval suite under Maven (snapshots under src/test/resources). */
class ResultSnapshotTest extends ApprovalSuite {
}
