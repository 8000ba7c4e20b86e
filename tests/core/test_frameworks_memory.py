"""Checkpointing as the frameworks do it, encoder-decoder lengths, the stack, the loss paths.

Each expectation is worked by hand from the model's shape (Llama 3.1 8B: hidden 4,096, 32 heads
of 128, 8 KV heads, MLP 14,336, 32 layers, vocabulary 128,256; T5-3B: 24 + 24 layers, hidden
1,024) and what the framework saves, never restated from the estimator's tables.
"""

from dataclasses import replace

import pytest

from planner.core.estimator.activations import activation_bytes
from planner.core.estimator.memory import TrainingSetup, estimate_training
from planner.core.records.precision import EstimateError

BF16 = TrainingSetup(precision="bf16", optimizer="adamw", batch=1, seq=2048, checkpointing=True)


def llama(catalog):
    return catalog.workload("llama-3.1-8b")


def test_op_level_selective_keeps_every_other_matmul_and_attention(real_catalog):
    w = llama(real_catalog)
    full = activation_bytes(w, BF16, 2048).activations
    op = activation_bytes(w, replace(BF16, checkpoint_mode="selective-op"), 2048).activations
    # Beyond the layer input, torchtitan's op policy keeps the q, v, gate and down matmul outputs
    # and the attention output (bf16, 2 bytes) and FlashAttention's fp32 log-sum-exp per head:
    # (4096 + 1024 + 14336 + 4096 + 4096) * 2 + 32 * 4 = 55,424 bytes per token per layer.
    assert op - full == pytest.approx(55_424 * 2048 * 32)


def test_every_second_layer_keeps_half_the_layers_whole(real_catalog):
    w = llama(real_catalog)
    none = activation_bytes(w, replace(BF16, checkpointing=False), 2048).activations
    full = activation_bytes(w, BF16, 2048).activations
    every2 = activation_bytes(w, replace(BF16, checkpoint_mode="every:2"), 2048).activations
    # 16 of 32 layers checkpointed: halfway between none and full.
    assert every2 == pytest.approx((none + full) / 2)


def test_activation_offloading_leaves_two_layers_of_checkpoint_inputs(real_catalog):
    w = llama(real_catalog)
    on = activation_bytes(w, replace(BF16, activation_offloading=True), 2048).activations
    off = activation_bytes(w, BF16, 2048).activations
    # Checkpointed, each layer keeps its bf16 input, 4096 * 2 bytes per token; offloading sends
    # 30 of the 32 layers' inputs to host RAM.
    assert off - on == pytest.approx(30 * 4096 * 2 * 2048)


def test_unknown_checkpoint_mode_is_one_sentence(real_catalog):
    with pytest.raises(EstimateError, match=r"^Checkpointing must be full, selective-op"):
        estimate_training(llama(real_catalog), replace(BF16, checkpoint_mode="sometimes"))


def test_t5_decoder_sized_by_its_target_length(real_catalog):
    w = real_catalog.workload("t5-3b")
    s = TrainingSetup(precision="fp32", optimizer="adamw", batch=8, seq=64)
    same = activation_bytes(w, s, 64)
    short = activation_bytes(w, replace(s, target_seq=4), 64)
    # The logits follow the decoder: 8 samples * 4 target tokens * 32,128 vocabulary entries
    # instead of 8 * 64; the encoder still reads 64 tokens.
    assert short.logits / same.logits == pytest.approx(4 / 64)
    assert 0 < short.activations < same.activations


def test_stack_of_pytorch_1_on_cuda_11_has_its_context_and_keeps_gradients(real_catalog):
    w = real_catalog.workload("bert-large")
    s = TrainingSetup(precision="fp32", optimizer="adamw", batch=1, seq=512)
    old = estimate_training(w, replace(s, stack="torch1-cuda11"))
    new = estimate_training(w, s)
    assert old.context_bytes == 1343 * 1024**2 and new.context_bytes == 512 * 1024**2
    assert old.total_bytes > new.total_bytes
    with pytest.raises(EstimateError, match=r"^Unknown software stack 'cuda9'"):
        estimate_training(w, replace(s, stack="cuda9"))


def test_kbit_prep_keeps_embeddings_and_head_in_fp32(real_catalog):
    w = llama(real_catalog)
    s = TrainingSetup(precision="amp-bf16", qlora=True, lora_rank=8, batch=1, seq=512)
    plain = estimate_training(w, s)
    prep = estimate_training(w, replace(s, kbit_prep=True))
    # Embedding and LM head, 128,256 * 4,096 each: fp32 instead of bf16 (+2 bytes each), and
    # autocast's bf16 cast of the head (+2 bytes) = 6 bytes * 525,336,576.
    assert prep.weights - plain.weights == pytest.approx(6 * 128_256 * 4_096, rel=1e-6)


@pytest.mark.parametrize(("loss", "per_vocab_entry"), [("full", 12), ("shifted", 14),
                                                        ("fp32-logits", 16)])
def test_loss_paths_at_the_peak(real_catalog, loss, per_vocab_entry):
    w = llama(real_catalog)
    a = activation_bytes(w, replace(BF16, loss=loss), 1024)
    # full: bf16 logits + fp32 log-softmax saved, fp32 gradient + its bf16 cast in backward;
    # shifted: the loss's fp32 upcast and shifted copy beside them; fp32-logits: fp32 logits
    # returned and held, log-softmax, and backward's two fp32 gradients.
    assert a.logits + a.logits_transient == pytest.approx(per_vocab_entry * 128_256 * 1024)
