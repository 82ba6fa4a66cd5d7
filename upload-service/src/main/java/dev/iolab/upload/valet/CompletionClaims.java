package dev.iolab.upload.valet;

import dev.iolab.upload.storage.StagingArea;
import dev.iolab.upload.web.ProblemException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * Makes a grant complete once, whichever replicas its completions reach: the state of a completion is a marker in the
 * staging container beside the grant's staging blob ({@code <staging name>.claim}), created only if absent — of two
 * completions at once, on any replicas, one creates it, the other is 409 {@code grant-used}. The marker says {@code
 * completing}, then {@code completed} or {@code refused}; a completion that ends with nothing final (nothing staged
 * yet, the upload changed meanwhile, no read-back slot) deletes it again, so the grant stays usable.
 *
 * <p>A replica that dies mid-completion leaves {@code completing} behind: after {@code claimTimeout} another completion
 * takes the marker over. That is safe because every completion verifies the staged blob itself and copies it pinned to
 * the version it verified: two completions of one grant at worst copy the same verified bytes twice. Markers are plain
 * staging blobs, removed by the staging sweep once older than its maximum age, which outlasts every grant.
 */
final class CompletionClaims {

    static final String STATE = "state";
    static final String SINCE = "since";

    enum State {
        COMPLETING,
        COMPLETED,
        REFUSED
    }

    /** A marker this process holds, at its current ETag. */
    record Claim(String marker, String etag) {}

    private final StagingArea staging;
    private final Duration claimTimeout;
    private final Clock clock;

    CompletionClaims(StagingArea staging, Duration claimTimeout, Clock clock) {
        this.staging = staging;
        this.claimTimeout = claimTimeout;
        this.clock = clock;
    }

    /**
     * Takes the grant for one completion.
     *
     * @throws ProblemException 409 {@code grant-used}: completed, refused, or being completed by another request
     */
    Claim claim(Grant grant) {
        String marker = markerOf(grant);
        for (int attempt = 0; attempt < 3; attempt++) {
            Optional<String> created = staging.createMarker(marker, state(State.COMPLETING));
            if (created.isPresent()) {
                return new Claim(marker, created.get());
            }
            Optional<StagingArea.Marker> existing = staging.marker(marker);
            if (existing.isEmpty()) {
                continue; // released meanwhile: try to create it again
            }
            State state = stateOf(existing.get());
            if (state != State.COMPLETING) {
                throw used(grant, state);
            }
            if (!sinceOf(existing.get()).plus(claimTimeout).isBefore(clock.instant())) {
                throw used(grant, State.COMPLETING);
            }
            Optional<String> taken =
                    staging.replaceMarker(marker, existing.get().etag(), state(State.COMPLETING));
            if (taken.isPresent()) {
                return new Claim(marker, taken.get());
            }
        }
        throw used(grant, State.COMPLETING);
    }

    /** The final state of a grant's completion, if one ended in completed or refused. */
    Optional<State> settled(Grant grant) {
        return staging.marker(markerOf(grant)).map(CompletionClaims::stateOf).filter(s -> s != State.COMPLETING);
    }

    /** Nothing final happened: the grant is usable again. */
    void release(Claim claim) {
        staging.deleteMarker(claim.marker(), claim.etag());
    }

    /** The completion ended: later ones are 409 {@code grant-used}. */
    void settle(Claim claim, State state) {
        if (staging.replaceMarker(claim.marker(), claim.etag(), state(state)).isEmpty()) {
            // Taken over after claim-timeout by a completion that verifies and copies the same version itself.
            org.slf4j.LoggerFactory.getLogger(CompletionClaims.class)
                    .info(
                            "Completion marker '{}' was taken over before this completion ended {}",
                            claim.marker(),
                            state);
        }
    }

    static String markerOf(Grant grant) {
        return grant.stagingName() + ".claim";
    }

    private Map<String, String> state(State state) {
        return Map.of(STATE, state.name().toLowerCase(java.util.Locale.ROOT), SINCE, Long.toString(clock.millis()));
    }

    private static State stateOf(StagingArea.Marker marker) {
        String state = marker.metadata() == null ? null : marker.metadata().get(STATE);
        try {
            return state == null ? State.COMPLETING : State.valueOf(state.toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return State.COMPLETING;
        }
    }

    private static Instant sinceOf(StagingArea.Marker marker) {
        try {
            return Instant.ofEpochMilli(Long.parseLong(marker.metadata().get(SINCE)));
        } catch (RuntimeException e) {
            return Instant.EPOCH;
        }
    }

    private static ProblemException used(Grant grant, State state) {
        return new ProblemException(
                ValetKeyProblem.GRANT_USED,
                switch (state) {
                    case COMPLETED -> "this grant was completed already; ask for a new one";
                    case REFUSED -> "this grant's upload was refused already; ask for a new one";
                    case COMPLETING -> "this grant is being completed by another request";
                });
    }
}
