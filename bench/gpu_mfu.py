"""Benchmark: tokens/s and MFU of a 4B-shaped decoder training on packed 32K bins; one JSON object.

    python bench/gpu_mfu.py                 # on one GPU: Qwen3-4B-shaped decoder, bf16, 32,768-token bins
    python bench/gpu_mfu.py --tiny          # anywhere: a tiny shape on CPU, to check the script runs

Each step is forward + backward + AdamW on one bin packed with best-fit-decreasing from a realistic
length mix (bench/packing.py's), positions restarting per example so attention stays inside each
example (flash-attention varlen where installed, else sdpa with the block-diagonal mask). MFU is
model FLOPs per second over the GPU's peak dense bf16 FLOPs (`--peak-tflops`, default H200: 989):
6 x parameters x tokens for the matmuls, plus causal attention, 6 x layers x hidden x sum(len_i^2)
(forward 2 x 2 x len^2 x hidden / 2 per layer for QK^T and AV under the causal mask, times 3 with
the backward). The decoder only: the vision encoder is not run on text bins.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parent)]

from packing import lengths as mixed_lengths

from forge.train.packing import pack_best_fit_decreasing

SHAPE_4B = {"hidden_size": 2560, "intermediate_size": 9728, "num_hidden_layers": 36, "num_attention_heads": 32,
                "num_key_value_heads": 8, "head_dim": 128, "vocab_size": 151936}
SHAPE_TINY = {"hidden_size": 64, "intermediate_size": 128, "num_hidden_layers": 2, "num_attention_heads": 4,
                  "num_key_value_heads": 2, "head_dim": 16, "vocab_size": 1024}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tiny", action="store_true", help="Tiny shape and short bins (CPU smoke run).")
    parser.add_argument("--steps", type=int, default=8)
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--bin-tokens", type=int, default=None)
    parser.add_argument("--peak-tflops", type=float, default=989.0, help="Peak dense bf16 TFLOPS of the GPU.")
    args = parser.parse_args()
    import torch
    import transformers

    cuda = torch.cuda.is_available() and not args.tiny
    device = "cuda" if cuda else "cpu"
    bin_tokens = args.bin_tokens or (32_768 if not args.tiny else 1024)
    shape = SHAPE_TINY if args.tiny else SHAPE_4B
    attn = "sdpa"
    if cuda:
        try:
            import flash_attn  # noqa: F401
            attn = "flash_attention_2"
        except ImportError:
            pass
    config = transformers.Qwen3Config(**shape, max_position_embeddings=65536, tie_word_embeddings=True)
    with torch.device(device):
        model = transformers.Qwen3ForCausalLM._from_config(config, attn_implementation=attn,
                                                           dtype=torch.bfloat16 if cuda else torch.float32)
    model.gradient_checkpointing_enable()
    model.config.use_cache = False
    params = sum(p.numel() for p in model.parameters())
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-5, fused=cuda)
    scale = bin_tokens / 32_768
    pool = [max(8, int(n * scale)) for n in mixed_lengths(4000, seed=1)]
    packing = pack_best_fit_decreasing(pool, bin_tokens)
    bins = [[pool[i] for i in b] for b in packing.bins[: args.steps + args.warmup]]
    gen = torch.Generator().manual_seed(0)
    tokens = flops = 0.0
    elapsed = 0.0
    for step, sizes in enumerate(bins):
        total = sum(sizes)
        ids = torch.randint(0, shape["vocab_size"], (1, total), generator=gen).to(device)
        positions = torch.cat([torch.arange(n) for n in sizes])[None].to(device)
        if cuda:
            torch.cuda.synchronize()
        started = time.perf_counter()
        loss = model(input_ids=ids, position_ids=positions, labels=ids, use_cache=False).loss
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        if cuda:
            torch.cuda.synchronize()
        if step >= args.warmup:
            elapsed += time.perf_counter() - started
            tokens += total
            flops += 6 * params * total + 6 * shape["num_hidden_layers"] * shape["num_attention_heads"] * \
                shape["head_dim"] * sum(n * n for n in sizes)
    achieved = flops / elapsed
    print(json.dumps({
        "bench": "gpu_mfu", "gpu_run": cuda, "device": torch.cuda.get_device_name() if cuda else "cpu",
        "shape": "qwen3-4b" if not args.tiny else "tiny", "parameters": params, "attention": attn,
        "bin_tokens": bin_tokens, "bin_fill": round(packing.fill, 4), "steps_timed": len(bins) - args.warmup,
        "tokens_per_s": round(tokens / elapsed, 1), "model_tflops_per_s": round(achieved / 1e12, 3),
        "mfu": round(achieved / (args.peak_tflops * 1e12), 4) if cuda else None, "peak_tflops": args.peak_tflops,
        "goal_mfu": 0.45, "note": None if cuda else "not a GPU run: MFU is reported only on a GPU",
        "machine": {"python": platform.python_version(), "torch": torch.__version__},
    }))


if __name__ == "__main__":
    main()
