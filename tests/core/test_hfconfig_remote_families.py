"""Remote-code families read from their config.json: ChatGLM, InternLM2, Baichuan 2, DeepSeekMoE.

Parameter counts are worked by hand below from each config (and, where one is published, the
published count); a model we cannot read is refused with one sentence saying what it lacks.
"""

import pytest

from planner.core.estimator.lora import lora_parameters
from planner.core.estimator.memory import TrainingSetup, estimate_training
from planner.core.models.hfconfig import workload_from_hf_config
from planner.core.records.precision import EstimateError

# THUDM/chatglm3-6b config.json (transformers 4.30.2 era), as published with the model.
CHATGLM3 = {"architectures": ["ChatGLMModel"], "model_type": "chatglm", "add_bias_linear": False,
            "add_qkv_bias": True, "ffn_hidden_size": 13696, "hidden_size": 4096,
            "kv_channels": 128, "multi_query_attention": True, "multi_query_group_num": 2,
            "num_attention_heads": 32, "num_layers": 28, "padded_vocab_size": 65024,
            "rmsnorm": True, "seq_length": 8192, "tie_word_embeddings": False}
# internlm/internlm2_5-7b config.json (remote code InternLM2ForCausalLM).
INTERNLM2 = {"architectures": ["InternLM2ForCausalLM"], "model_type": "internlm2",
             "hidden_size": 4096, "num_hidden_layers": 32, "intermediate_size": 14336,
             "num_attention_heads": 32, "num_key_value_heads": 8, "vocab_size": 92544,
             "bias": False, "max_position_embeddings": 32768, "tie_word_embeddings": False}
# baichuan-inc/Baichuan2-7B-Base config.json.
BAICHUAN2 = {"architectures": ["BaichuanForCausalLM"], "model_type": "baichuan",
             "hidden_size": 4096, "intermediate_size": 11008, "max_position_embeddings": 4096,
             "model_max_length": 4096, "num_attention_heads": 32, "num_hidden_layers": 32,
             "tie_word_embeddings": False, "vocab_size": 125696}
# deepseek-ai/deepseek-moe-16b-base: DeepSeekMoE paper (Dai et al. 2024), 28 layers of 2,048,
# 16 heads, the first layer dense (10,944), then 2 shared + 64 routed experts of 1,408, 6 active.
DEEPSEEK_MOE = {"architectures": ["DeepseekForCausalLM"], "model_type": "deepseek",
                "hidden_size": 2048, "num_hidden_layers": 28, "num_attention_heads": 16,
                "num_key_value_heads": 16, "intermediate_size": 10944,
                "moe_intermediate_size": 1408, "n_routed_experts": 64, "n_shared_experts": 2,
                "num_experts_per_tok": 6, "first_k_dense_replace": 1, "moe_layer_freq": 1,
                "vocab_size": 102400, "max_position_embeddings": 4096,
                "tie_word_embeddings": False}


def test_chatglm3_6b():
    # Embedding and output layer 2 x 65,024 x 4,096 = 532,676,608. Per layer: query_key_value
    # 4,096 x (4,096 + 2 x 2 x 128) + 4,608 bias = 18,878,976; dense 4,096^2 = 16,777,216;
    # dense_h_to_4h 4,096 x 27,392 = 112,197,632; dense_4h_to_h 13,696 x 4,096 = 56,098,816;
    # two RMSNorms 8,192: 203,960,832 x 28 = 5,710,903,296; final norm 4,096.
    # 532,676,608 + 5,710,903,296 + 4,096 = 6,243,584,000.
    w = workload_from_hf_config(CHATGLM3)
    assert w.parameters == 6_243_584_000
    assert w.head == "causal-lm" and w.kv_head_count == 2
    # LoRA r8 on the attention: query_key_value 8 x (4,096 + 4,608) + dense 8 x (4,096 + 4,096)
    # = 135,168 per layer x 28 = 3,784,704.
    assert lora_parameters(w, 8, "attention") == 3_784_704


def test_internlm2_7b():
    # 2 x 92,544 x 4,096 = 758,120,448; per layer wqkv 4,096 x 6,144 = 25,165,824, wo 16,777,216,
    # w1/w3/w2 3 x 4,096 x 14,336 = 176,160,768, norms 8,192: 218,112,000 x 32 = 6,979,584,000;
    # + 4,096 = 7,737,708,544 (the count a loaded InternLM 7B reports).
    assert workload_from_hf_config(INTERNLM2).parameters == 7_737_708_544


def test_baichuan2_7b_and_13b():
    # 7B: 2 x 125,696 x 4,096 = 1,029,701,632; per layer W_pack 3 x 4,096^2 = 50,331,648,
    # o_proj 16,777,216, MLP 3 x 4,096 x 11,008 = 135,266,304, norms 8,192: 202,383,360 x 32 =
    # 6,476,267,520; + 4,096 = 7,505,973,248. RoPE.
    w7 = workload_from_hf_config(BAICHUAN2)
    assert (w7.parameters, w7.position) == (7_505_973_248, "rope")
    # 13B (no max_position_embeddings in its config): ALiBi, context from model_max_length.
    cfg13 = {k: v for k, v in BAICHUAN2.items() if k != "max_position_embeddings"}
    w13 = workload_from_hf_config(dict(cfg13, hidden_size=5120, num_hidden_layers=40,
                                       num_attention_heads=40, intermediate_size=13696))
    assert (w13.position, w13.context) == ("alibi", 4096)


def test_deepseek_moe_16b():
    # Embedding + head 2 x 102,400 x 2,048 = 419,430,400. Attention 4 x 2,048^2 = 16,777,216 and
    # two norms 4,096 per layer. Layer 0 dense MLP 3 x 2,048 x 10,944 = 67,239,936. Layers 1-27:
    # 66 experts x 3 x 2,048 x 1,408 = 570,949,632 + router 64 x 2,048 = 131,072.
    # 84,021,248 + 27 x 587,862,016 + 419,430,400 + 2,048 = 16,375,728,128 (the paper's 16.4B).
    w = workload_from_hf_config(DEEPSEEK_MOE)
    assert w.parameters == 16_375_728_128
    e = estimate_training(w, TrainingSetup(batch=1, seq=512, lora_rank=8,
                                           lora_targets="all-linear"))
    assert e.total_bytes > 2 * 16_375_728_128  # the frozen 16-bit base alone


@pytest.mark.parametrize(("cfg", "message"), [
    ({k: v for k, v in CHATGLM3.items() if k != "ffn_hidden_size"},
     r"^config\.json lacks 'ffn_hidden_size', which sizing this model needs\.$"),
    (dict(DEEPSEEK_MOE, moe_layer_freq=2),
     r"^config\.json's 'moe_layer_freq' is not 1 \(experts on every other layer\), which we "
     r"cannot size yet\.$"),
    ({"model_type": "qwen", "architectures": ["QWenLMHeadModel"]},
     r"^Model type 'qwen' is not supported yet; we know .*ChatGLM2/3 and GLM-4, Baichuan 2, "
     r"InternLM2\.$"),
])
def test_what_we_cannot_read_is_one_sentence(cfg, message):
    with pytest.raises(EstimateError, match=message):
        workload_from_hf_config(cfg)
