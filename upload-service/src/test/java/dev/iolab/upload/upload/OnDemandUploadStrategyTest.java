package dev.iolab.upload.upload;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class OnDemandUploadStrategyTest {

    @Test
    void isChargedItsLengthBecauseTheSdkReadsAhead() {
        RecordingBlobStorage storage = new RecordingBlobStorage(50_000);
        OnDemandUploadStrategy onDemand = new OnDemandUploadStrategy(storage);
        assertThat(onDemand.memoryCost(10 << 20)).isEqualTo(10 << 20);
        assertThat(onDemand.memoryCost(100)).isEqualTo(2L * RecordingBlobStorage.BLOCK);
        assertThat(onDemand.memoryCost(-1)).isEqualTo(2L * RecordingBlobStorage.BLOCK);
    }
}
