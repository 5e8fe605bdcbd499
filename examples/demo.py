"""Demo: train a softmax classifier whose loss is seed 004's customop; the loss falls.

Run: make demo   (or: python examples/demo.py)
"""
import minpy_compat.numpy as np
from minpy_compat import grad_and_loss

from seed_004_customop import my_softmax


def main(steps=100, learning_rate=0.5):
    np.random.seed(0)
    centers = np.random.randn(5, 20) * 2
    labels = np.random.randint(0, 5, size=500)
    data = centers[labels] + np.random.randn(500, 20)
    weights = np.zeros((20, 5))

    def loss(w):
        return my_softmax(np.dot(data, w), labels)

    step = grad_and_loss(loss)
    for i in range(steps):
        dw, value = step(weights)
        weights -= learning_rate * dw
        if i % 10 == 0 or i == steps - 1:
            print(f"step {i:3d}  loss {float(value):.4f}")
    accuracy = float(np.mean(np.argmax(np.dot(data, weights), axis=1) == labels))
    print(f"training accuracy {accuracy:.3f}")


if __name__ == "__main__":
    main()
