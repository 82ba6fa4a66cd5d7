package dev.iolab.upload.resumable;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.upload.storage.ResumableBlobs;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;

class FrontHeadersTest {

    private static final ResumableBlobs.FinishTargets TARGETS =
            new ResumableBlobs.FinishTargets("/account/uploads/a%20b.bin?sig=c", "http://store/account/x?sig=r");

    @Test
    void aGrantThatLetsTheFrontCompleteCarriesTheCopysAddressesAndBothStatesAsQueryStrings() {
        ResumableFrontService.Finish finish = new ResumableFrontService.Finish(
                TARGETS,
                Map.of("name", "YSBi", "length", "10"),
                Map.of("uploadmetadata", "filename a+b/c=d", "completed", "true"));

        HttpHeaders headers = FrontHeaders.grant(direct(Optional.of(finish)));

        assertThat(headers.getFirst(FrontHeaders.COPY)).isEqualTo(TARGETS.copy());
        assertThat(headers.getFirst(FrontHeaders.COPY_SOURCE)).isEqualTo(TARGETS.copySource());
        assertThat(headers.getFirst(FrontHeaders.STATE))
                .as("in name order, as nginx's ngx.decode_args reads it")
                .isEqualTo("length=10&name=YSBi");
        assertThat(headers.getFirst(FrontHeaders.SETTLE))
                .as("every reserved character percent-encoded, a space as %20, not +")
                .isEqualTo("completed=true&uploadmetadata=filename%20a%2Bb%2Fc%3Dd");
    }

    @Test
    void aGrantWithoutACompletionLeavesTheCommitToTheService() {
        HttpHeaders headers = FrontHeaders.grant(direct(Optional.empty()));

        assertThat(headers.getFirst(FrontHeaders.BLOCK)).isEqualTo("/account/staging/x?sig=w&comp=block&blockid=");
        assertThat(headers.headerNames())
                .doesNotContain(FrontHeaders.COPY, FrontHeaders.COPY_SOURCE, FrontHeaders.STATE, FrontHeaders.SETTLE);
    }

    private static ResumableFrontService.Direct direct(Optional<ResumableFrontService.Finish> finish) {
        return new ResumableFrontService.Direct(
                "/account/staging/x?sig=w&comp=block&blockid=",
                "lease-1",
                0,
                Instant.EPOCH,
                10,
                Duration.ofSeconds(40),
                Optional.empty(),
                finish);
    }
}
