// A growable array of trivially copyable values in huge-page memory (huge_pages.h): the arenas of
// a card database. Where std::vector inserts a range through a general routine and keeps its
// push_back out of line in the tokenizer's loop, here appending is one capacity check and one
// memcpy, both inline.
#pragma once

#include <cstdint>
#include <cstring>
#include <new>
#include <type_traits>
#include <utility>

#include "mem/huge_pages.h"

namespace rk::mem {

template <class T>
class PodArray {
  static_assert(std::is_trivially_copyable_v<T>, "PodArray copies its values with memcpy");

 public:
  PodArray() = default;
  PodArray(const PodArray& o) { append(o.data_, o.size_); }
  PodArray(PodArray&& o) noexcept { swap(o); }
  PodArray& operator=(PodArray o) noexcept {
    swap(o);
    return *this;
  }
  ~PodArray() {
    if (data_) HugePageAllocator<T>().deallocate(data_, cap_);
  }
  void swap(PodArray& o) noexcept {
    std::swap(data_, o.data_);
    std::swap(size_, o.size_);
    std::swap(cap_, o.cap_);
  }

  void push_back(const T& v) {
    if (size_ == cap_) grow(size_ + 1);
    data_[size_++] = v;
  }
  // A default value at the end, to be filled in place: a struct built on the stack and then
  // copied is written in pieces and read back whole, which stalls the store buffer.
  T& emplace_back() {
    if (size_ == cap_) grow(size_ + 1);
    T* v = new (data_ + size_++) T{};
    return *v;
  }
  void append(const T* v, size_t n) {
    if (n == 0) return;
    if (cap_ - size_ < n) grow(size_ + n);
    std::memcpy(data_ + size_, v, n * sizeof(T));
    size_ += n;
  }
  // Makes room for n more values, left as they are (a file's bytes are read into them), and
  // returns where they start; truncate() gives back what was not filled.
  T* append_uninitialized(size_t n) {
    if (cap_ - size_ < n) grow(size_ + n);
    size_ += n;
    return data_ + size_ - n;
  }
  void truncate(size_t n) {
    if (n < size_) size_ = n;
  }
  void reserve(size_t n) {
    if (n > cap_) grow_exactly(n);
  }

  T& operator[](size_t i) { return data_[i]; }
  const T& operator[](size_t i) const { return data_[i]; }
  T& back() { return data_[size_ - 1]; }
  const T& back() const { return data_[size_ - 1]; }
  T* data() { return data_; }
  const T* data() const { return data_; }
  size_t size() const { return size_; }
  size_t capacity() const { return cap_; }
  bool empty() const { return size_ == 0; }
  T* begin() { return data_; }
  T* end() { return data_ + size_; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }

 private:
  // Out of line, so that push_back and append stay small enough to inline.
  [[gnu::noinline]] void grow(size_t need) {
    size_t cap = cap_ * 2 > 16 ? cap_ * 2 : 16;
    grow_exactly(need > cap ? need : cap);
  }
  void grow_exactly(size_t cap) {
    T* fresh = HugePageAllocator<T>().allocate(cap);
    if (size_) std::memcpy(fresh, data_, size_ * sizeof(T));
    if (data_) HugePageAllocator<T>().deallocate(data_, cap_);
    data_ = fresh;
    cap_ = cap;
  }

  T* data_ = nullptr;
  size_t size_ = 0, cap_ = 0;
};

}  // namespace rk::mem
