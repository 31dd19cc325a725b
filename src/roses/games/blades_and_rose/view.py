def render(obs):
    return str(obs)
