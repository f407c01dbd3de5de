print("pushfake")
